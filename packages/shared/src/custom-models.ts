import { z } from 'zod';

/**
 * Custom models (issue 5, Pro): a person's own OpenAI-compatible endpoints, each with its base URL,
 * an API key (stored encrypted, never answered back: only its last 4 characters) and the names of
 * the models it serves. A generation picks one as `custom:<endpointId>:<model name>` (ADR 0085).
 */

export const CUSTOM_MODEL_PREFIX = 'custom:';
export const CUSTOM_ENDPOINT_NAME_MAX = 60;
export const CUSTOM_BASE_URL_MAX = 500;
export const CUSTOM_API_KEY_MAX = 500;
export const CUSTOM_MODEL_NAME_MAX = 150;
export const CUSTOM_MODELS_PER_ENDPOINT_MAX = 20;
/** Endpoints one person may hold. */
export const MAX_CUSTOM_ENDPOINTS = 10;

export const CUSTOM_MODEL_MESSAGES = {
  proOnly: 'Los modelos personalizados están disponibles en el plan Pro. Mejora tu plan para usarlos.',
  notFound: 'Endpoint de modelos personalizados no encontrado.',
  nameRequired: 'Ponle un nombre al endpoint.',
  nameTooLong: `El nombre admite como máximo ${CUSTOM_ENDPOINT_NAME_MAX} caracteres.`,
  badUrl: 'La URL base no es válida (por ejemplo: https://api.ejemplo.com/v1).',
  httpsOnly: 'La URL base debe empezar por https://.',
  privateAddress: 'La URL base apunta a una red privada o local, y este servidor no permite usarla.',
  unresolvable: 'No se encontró el servidor de la URL base (DNS).',
  keyRequired: 'Escribe la clave de API del endpoint.',
  modelsRequired: 'Escribe al menos un nombre de modelo.',
  tooManyModels: `Como máximo ${CUSTOM_MODELS_PER_ENDPOINT_MAX} modelos por endpoint.`,
  duplicateModel: 'Hay un nombre de modelo repetido.',
  tooManyEndpoints: `Has alcanzado el máximo de ${MAX_CUSTOM_ENDPOINTS} endpoints. Elimina alguno para añadir otro.`,
  modelGone: 'Ese modelo personalizado ya no existe. Elige otro modelo.',
  keyUnreadable: 'No se pudo leer la clave guardada de este endpoint. Vuelve a escribirla en Configuración.',
  emptyUpdate: 'No hay nada que cambiar.',
} as const;

const modelNameSchema = z
  .string()
  .trim()
  .min(1, CUSTOM_MODEL_MESSAGES.modelsRequired)
  .max(CUSTOM_MODEL_NAME_MAX)
  .regex(/^[^\s]+$/, 'Un nombre de modelo no puede llevar espacios.');

const modelsSchema = z
  .array(modelNameSchema)
  .min(1, CUSTOM_MODEL_MESSAGES.modelsRequired)
  .max(CUSTOM_MODELS_PER_ENDPOINT_MAX, CUSTOM_MODEL_MESSAGES.tooManyModels)
  .refine((names) => new Set(names).size === names.length, CUSTOM_MODEL_MESSAGES.duplicateModel);

const baseUrlSchema = z
  .string()
  .trim()
  .max(CUSTOM_BASE_URL_MAX)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !url.hash;
    } catch {
      return false;
    }
  }, CUSTOM_MODEL_MESSAGES.badUrl)
  // One form for storage and display: no trailing slash (the SDK appends /chat/completions).
  .transform((value) => value.replace(/\/+$/, ''));

const nameSchema = z
  .string()
  .trim()
  .min(1, CUSTOM_MODEL_MESSAGES.nameRequired)
  .max(CUSTOM_ENDPOINT_NAME_MAX, CUSTOM_MODEL_MESSAGES.nameTooLong);

const apiKeySchema = z.string().trim().min(1, CUSTOM_MODEL_MESSAGES.keyRequired).max(CUSTOM_API_KEY_MAX);

/** POST /api/custom-models */
export const createCustomEndpointBodySchema = z.object({
  name: nameSchema,
  baseUrl: baseUrlSchema,
  apiKey: apiKeySchema,
  models: modelsSchema,
});
export type CreateCustomEndpointBody = z.input<typeof createCustomEndpointBodySchema>;

/** PATCH /api/custom-models/{id}: any of the fields; the key only when it changes. */
export const updateCustomEndpointBodySchema = z
  .object({ name: nameSchema, baseUrl: baseUrlSchema, apiKey: apiKeySchema, models: modelsSchema })
  .partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), CUSTOM_MODEL_MESSAGES.emptyUpdate);
export type UpdateCustomEndpointBody = z.input<typeof updateCustomEndpointBodySchema>;

export const customEndpointSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  /** The key's last 4 characters; the key itself is never answered. */
  apiKeyLast4: z.string(),
  models: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomEndpoint = z.infer<typeof customEndpointSchema>;

export const listCustomEndpointsResponseSchema = z.object({ endpoints: z.array(customEndpointSchema) });
export type ListCustomEndpointsResponse = z.infer<typeof listCustomEndpointsResponseSchema>;
export const customEndpointResponseSchema = z.object({ endpoint: customEndpointSchema });
export type CustomEndpointResponse = z.infer<typeof customEndpointResponseSchema>;

/** POST /api/custom-models/{id}/test: a 1-token completion against one of its models. */
export const testCustomEndpointBodySchema = z.object({ model: modelNameSchema.optional() }).default({});
export const testCustomEndpointResponseSchema = z.object({
  ok: z.boolean(),
  model: z.string(),
  /** What happened, for people (Spanish). */
  message: z.string(),
  /** The failure's code (e.g. UPSTREAM_AUTH) when not ok. */
  code: z.string().optional(),
  latencyMs: z.number().int().min(0),
});
export type TestCustomEndpointResponse = z.infer<typeof testCustomEndpointResponseSchema>;

/** The model value a generation request names: `custom:<endpointId>:<model name>`. */
export function customModelValue(endpointId: string, model: string): string {
  return `${CUSTOM_MODEL_PREFIX}${endpointId}:${model}`;
}

/** Splits a custom model value; the endpoint id holds no colon, the model name may (e.g. `llama3:8b`). */
export function parseCustomModelValue(value: string): { endpointId: string; model: string } | null {
  if (!value.startsWith(CUSTOM_MODEL_PREFIX)) return null;
  const rest = value.slice(CUSTOM_MODEL_PREFIX.length);
  const colon = rest.indexOf(':');
  if (colon <= 0 || colon === rest.length - 1) return null;
  return { endpointId: rest.slice(0, colon), model: rest.slice(colon + 1) };
}
