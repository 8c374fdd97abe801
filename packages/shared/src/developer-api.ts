import { z } from 'zod';
import { editBlockResultSchema, generatedFileSchema, generateRequestSchema, lineRangeSchema } from './generation';
import { spaceNameSchema } from './spaces';
import { usageResponseSchema } from './usage';

/**
 * The developer API under /v1 (issue 8), authenticated with `Authorization: Bearer <api key>`.
 * Its bodies are the app's own contracts (generation, spaces, publishing, usage); only what the
 * app has no equivalent for is defined here.
 */

export const API_VERSION_PREFIX = '/v1';

export const DEVELOPER_API_MESSAGES = {
  minuteLimit: (limit: number, retryAfter: number) =>
    `Límite por minuto alcanzado: tu plan de desarrollador permite ${limit} solicitudes por minuto. Inténtalo de nuevo en ${retryAfter} s.`,
  monthLimit: (limit: number) =>
    `Límite mensual alcanzado: tu plan de desarrollador permite ${limit} solicitudes al mes. Se renueva el día 1 del próximo mes, o amplía tu plan en /developers.`,
} as const;

/** Which limit a 429 answer hit (also in its `limit` field). */
export const rateLimitKinds = ['minute', 'month'] as const;
export type RateLimitKind = (typeof rateLimitKinds)[number];

/** The fields of the app's generation request a developer may send. */
const generationFields = generateRequestSchema.pick({
  prompt: true,
  model: true,
  provider: true,
  previousPrompt: true,
  redesignMarkdown: true,
  activeFileId: true,
  selectedElement: true,
});

/** POST /v1/generate: into `spaceId`, or a new space named `name` (the prompt's start by default). */
export const v1GenerateBodySchema = generationFields.extend({
  spaceId: z.string().trim().min(1).max(100).optional(),
  name: spaceNameSchema.optional(),
});
export type V1GenerateBody = z.infer<typeof v1GenerateBodySchema>;

/** POST /v1/spaces/{id}/edit: a follow-up change to the space's current files. */
export const v1EditBodySchema = generationFields;
export type V1EditBody = z.infer<typeof v1EditBodySchema>;

/**
 * `stream=false` (or `Accept: application/json`) answers one JSON object when the generation ends
 * instead of the newline-delimited events.
 */
export const v1StreamQuerySchema = z.object({ stream: z.enum(['true', 'false']).optional() });

/** The single JSON answer of a generation (the `files`, `edits` and `done` events folded together). */
export const v1GenerationResultSchema = z.object({
  spaceId: z.string(),
  versionId: z.string(),
  /** The files that changed or are new, with their whole content. */
  files: z.array(generatedFileSchema),
  updatedLines: z.record(z.string(), z.array(lineRangeSchema)),
  edits: z.array(editBlockResultSchema),
  messagesUsed: z.number().int(),
  messagesLimit: z.number().int(),
  /** The part of the request the answer says it left undone (the rest was applied). */
  notDone: z.string().optional(),
});
export type V1GenerationResult = z.infer<typeof v1GenerationResultSchema>;

/** GET /v1/spaces/{id}/files */
export const v1FilesResponseSchema = z.object({
  files: z.array(z.object({ path: z.string(), content: z.string(), language: z.string() })),
  revision: z.number().int(),
});
export type V1FilesResponse = z.infer<typeof v1FilesResponseSchema>;

/** The developer plan's standing, in GET /v1/usage. Limits of -1 are unlimited. */
export const apiQuotaSchema = z.object({
  developerPlan: z.string(),
  requestsPerMonth: z.number().int(),
  requestsPerMinute: z.number().int(),
  /** Requests counted this calendar month (UTC), this one included. */
  requestsUsed: z.number().int(),
  /** ISO timestamp of the monthly reset (the first day of next month, 00:00 UTC). */
  resetDate: z.string(),
});
export type ApiQuota = z.infer<typeof apiQuotaSchema>;

/** GET /v1/usage: the app's usage summary plus the API quota. */
export const v1UsageResponseSchema = usageResponseSchema.extend({ api: apiQuotaSchema });
export type V1UsageResponse = z.infer<typeof v1UsageResponseSchema>;

/** Body of every /v1 error (the app's shape; a 429 names the limit it hit). */
export const v1ErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  limit: z.enum(rateLimitKinds).optional(),
});
export type V1Error = z.infer<typeof v1ErrorSchema>;
