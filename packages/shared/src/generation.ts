import { z } from 'zod';
import { upsellSchema } from './errors';

/**
 * Contract of POST /api/ask-ai/generate-separate-files: its request, and the events its
 * newline-delimited JSON answer streams (framing in ./ndjson).
 */

export const MAX_PROMPT_CHARS = 20_000;
/** Largest document (or file set) a request may carry. */
export const MAX_HTML_CHARS = 1_000_000;
export const MAX_REDESIGN_MARKDOWN_CHARS = 200_000;

export const selectedElementSchema = z.object({
  selector: z.string().trim().min(1).max(2_000),
  html: z.string().max(100_000),
  /**
   * The element's source mark from the preview (`index.html:12`, ADR 0200): the server finds its
   * exact range, tells the model, and checks the answer stays inside it (ADR 0201).
   */
  mark: z.string().max(300).optional(),
});
export type SelectedElement = z.infer<typeof selectedElementSchema>;

export const generateRequestSchema = z.object({
  prompt: z.string().trim().min(1, 'El prompt no puede estar vacío.').max(MAX_PROMPT_CHARS),
  provider: z.string().trim().max(100).optional(),
  model: z.string().trim().max(200).optional(),
  previousPrompt: z.string().max(MAX_PROMPT_CHARS).optional(),
  html: z.string().max(MAX_HTML_CHARS).optional(),
  redesignMarkdown: z.string().max(MAX_REDESIGN_MARKDOWN_CHARS).optional(),
  activeFileId: z.string().trim().max(500).optional(),
  activeFileType: z.string().trim().max(50).optional(),
  generateSeparateFiles: z.boolean().optional(),
  spaceId: z.string().trim().max(100).optional(),
  selectedElement: selectedElementSchema.optional(),
});
export type GenerateRequest = z.infer<typeof generateRequestSchema>;

/** 1-based inclusive line range in the new text of a file. */
export const lineRangeSchema = z.tuple([z.number().int().min(1), z.number().int().min(1)]);
export type LineRange = z.infer<typeof lineRangeSchema>;

export const generatedFileSchema = z.object({
  path: z.string().min(1).max(500),
  content: z.string(),
});
export type GeneratedFile = z.infer<typeof generatedFileSchema>;

export const editOutcomes = [
  'applied_exact',
  'applied_tolerant',
  'applied_fuzzy',
  'repeated',
  'not_found',
  'ambiguous',
  'conflict',
  'elision',
  'exists',
] as const;
export const editOutcomeSchema = z.enum(editOutcomes);
export type EditOutcome = z.infer<typeof editOutcomeSchema>;

export const editBlockResultSchema = z.object({
  path: z.string(),
  /** Position of the block among the blocks for its file (0-based). */
  index: z.number().int().min(0),
  outcome: editOutcomeSchema,
  lines: lineRangeSchema.optional(),
  candidates: z.array(z.number().int().min(1)).optional(),
  similarity: z.number().min(0).max(1).optional(),
});
export type EditBlockResult = z.infer<typeof editBlockResultSchema>;

export const thinkingEventSchema = z.object({ type: z.literal('thinking'), text: z.string() });
export const codeEventSchema = z.object({ type: z.literal('code'), path: z.string(), delta: z.string() });
/**
 * A file's whole content mid-answer, after a follow-up edit block of the answer landed on it: the
 * preview shows edits as they arrive. Not final: the `files` event that follows decides.
 */
export const editedEventSchema = z.object({ type: z.literal('edited'), path: z.string(), content: z.string() });
/**
 * The answer streamed so far was refused (all or nothing): whatever `code` and `edited` events
 * showed is taken back, and the preview returns to the files as they were before the generation.
 * A retry may stream again after it.
 */
export const revertedEventSchema = z.object({ type: z.literal('reverted') });
export const filesEventSchema = z.object({
  type: z.literal('files'),
  files: z.array(generatedFileSchema),
  updatedLines: z.record(z.string(), z.array(lineRangeSchema)),
});
export const editsEventSchema = z.object({ type: z.literal('edits'), results: z.array(editBlockResultSchema) });
export const doneEventSchema = z.object({
  type: z.literal('done'),
  versionId: z.string().min(1),
  messagesUsed: z.number().int().min(0),
  /** -1 means unlimited. */
  messagesLimit: z.number().int().min(-1),
  /** What the local composer said it did (a model's explanations are not passed on). */
  said: z.string().optional(),
  /** The part of the request the answer says it left undone: the change is then not told as finished. */
  notDone: z.string().optional(),
});
export const errorEventSchema = z.object({
  type: z.literal('error'),
  message: z.string(),
  code: z.string(),
  openSelectProvider: z.boolean().optional(),
  openProModal: z.boolean().optional(),
  upsell: upsellSchema.optional(),
  /** OUT_OF_SCOPE: what the answer changes outside the selected element, and the answer's files. */
  outside: z.array(z.string()).optional(),
  proposal: z.array(generatedFileSchema).optional(),
});
export const keepaliveEventSchema = z.object({ type: z.literal('keepalive') });

export const generationEventSchema = z.discriminatedUnion('type', [
  thinkingEventSchema,
  codeEventSchema,
  editedEventSchema,
  revertedEventSchema,
  filesEventSchema,
  editsEventSchema,
  doneEventSchema,
  errorEventSchema,
  keepaliveEventSchema,
]);
export type GenerationEvent = z.infer<typeof generationEventSchema>;
export type GenerationEventType = GenerationEvent['type'];
export type ThinkingEvent = z.infer<typeof thinkingEventSchema>;
export type CodeEvent = z.infer<typeof codeEventSchema>;
export type EditedEvent = z.infer<typeof editedEventSchema>;
export type FilesEvent = z.infer<typeof filesEventSchema>;
export type EditsEvent = z.infer<typeof editsEventSchema>;
export type DoneEvent = z.infer<typeof doneEventSchema>;
export type GenerationErrorEvent = z.infer<typeof errorEventSchema>;
export type KeepaliveEvent = z.infer<typeof keepaliveEventSchema>;

/** POST /api/ask-ai/stop: stops the generation running for a space (on whichever instance runs it). */
export const stopRequestSchema = z.object({ spaceId: z.string().trim().min(1).max(100) });
export type StopRequest = z.infer<typeof stopRequestSchema>;
export const stopResponseSchema = z.object({ stopped: z.boolean() });

/** POST /api/fix-error: the page and the error it reports; answers the fixed page or why not. */
export const fixErrorRequestSchema = z.object({
  html: z.string().min(1).max(MAX_HTML_CHARS),
  error: z.string().trim().min(1).max(10_000),
  model: z.string().trim().max(200).optional(),
  provider: z.string().trim().max(100).optional(),
});
export type FixErrorRequest = z.infer<typeof fixErrorRequestSchema>;
/** A fix comes with `fixId`: the editor reports with it whether the preview ran it without the error. */
export const fixErrorResponseSchema = z.union([
  z.object({ html: z.string(), fixId: z.string().optional() }),
  z.object({ message: z.string() }),
]);
export type FixErrorResponse = z.infer<typeof fixErrorResponseSchema>;

/**
 * POST /api/fix-error/outcome: the preview re-ran the fix and the error came back (`worked: false`),
 * so the message it cost is given back, once, within 15 minutes of the fix.
 */
export const fixOutcomeRequestSchema = z.object({
  fixId: z
    .string()
    .trim()
    .regex(/^[0-9a-f-]{36}\.\d{1,15}$/, 'Identificador de corrección no válido.'),
  worked: z.boolean(),
});
export type FixOutcomeRequest = z.infer<typeof fixOutcomeRequestSchema>;
export const fixOutcomeResponseSchema = z.object({ refunded: z.boolean() });
export type FixOutcomeResponse = z.infer<typeof fixOutcomeResponseSchema>;

/** POST /api/re-design: a public page's content as markdown, for `redesignMarkdown`. */
export const redesignRequestSchema = z.object({ url: z.string().trim().min(1).max(2_000) });
export type RedesignRequest = z.infer<typeof redesignRequestSchema>;
export const redesignResponseSchema = z.object({ markdown: z.string() });
export type RedesignResponse = z.infer<typeof redesignResponseSchema>;
