import { z } from 'zod';

/**
 * Developer API keys (issue 8): created, listed and revoked by a signed-in person under /api/keys.
 * A key reads `div_` followed by 43 URL-safe characters (256 random bits); it is shown once.
 */

export const API_KEY_TAG = 'div_';
/** Characters of the key kept for display: the tag and the first 8 random characters. */
export const API_KEY_PREFIX_LENGTH = API_KEY_TAG.length + 8;
export const API_KEY_NAME_MAX = 60;
/** Active (not revoked) keys one person may hold. */
export const MAX_ACTIVE_API_KEYS = 20;

export const API_KEY_MESSAGES = {
  nameRequired: 'Ponle un nombre a la clave.',
  nameTooLong: `El nombre admite como máximo ${API_KEY_NAME_MAX} caracteres.`,
  tooMany: `Has alcanzado el máximo de ${MAX_ACTIVE_API_KEYS} claves activas. Revoca alguna para crear otra.`,
  notFound: 'Clave de API no encontrada.',
  missing: 'Falta la clave de API. Envíala en la cabecera Authorization: Bearer <clave>.',
  invalid: 'La clave de API no es válida o ha sido revocada.',
} as const;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key, e.g. `div_Ab12Cd34`. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST /api/keys */
export const createApiKeyBodySchema = z.object({
  name: z.string().trim().min(1, API_KEY_MESSAGES.nameRequired).max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameTooLong),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;
/** The only answer that carries the key itself. */
export const createApiKeyResponseSchema = z.object({ apiKey: apiKeySchema, key: z.string() });
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponseSchema>;

/** GET /api/keys: newest first, revoked ones included (marked). */
export const listApiKeysResponseSchema = z.object({ apiKeys: z.array(apiKeySchema) });
export type ListApiKeysResponse = z.infer<typeof listApiKeysResponseSchema>;

/** DELETE /api/keys/{id} revokes the key and answers it. */
export const apiKeyResponseSchema = z.object({ apiKey: apiKeySchema });
export type ApiKeyResponse = z.infer<typeof apiKeyResponseSchema>;
