import { z } from 'zod';
import { spaceFileSchema, versionSchema } from './spaces';

/*
 * "Revisión" (issue 40): a check of a site's files before it is published, and the fixes one click
 * applies. The server checks the files (modules/checks/); the editor shows the findings
 * (features/checks/). ADR 0259–0262.
 */

/** Every rule the checks know, server and browser. */
export const checkRules = [
  'html-validity',
  'broken-link',
  'broken-anchor',
  'missing-image',
  'missing-css-image',
  'duplicate-id',
  'single-h1',
  'missing-lang',
  'missing-title',
  'missing-description',
  'image-alt',
  'unlabelled-control',
  'form-target',
  'placeholder-text',
  'image-weight',
  'third-party',
  'insecure-link',
  'contrast',
  // Found in the browser, from the preview (features/checks).
  'axe',
  'console-error',
  'overflow',
  'layout-shift',
] as const;
export const checkRuleSchema = z.enum(checkRules, { message: 'Regla de revisión desconocida' });
export type CheckRule = z.infer<typeof checkRuleSchema>;

export const checkSeverities = ['error', 'warning', 'notice'] as const;
export const checkSeveritySchema = z.enum(checkSeverities);
export type CheckSeverity = z.infer<typeof checkSeveritySchema>;

/** A text in both interface languages: the editor shows the one it speaks, API clients choose. */
export const localizedTextSchema = z.object({ es: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

export const findingSchema = z.object({
  rule: checkRuleSchema,
  severity: checkSeveritySchema,
  /** The file the defect is in (`index.html`, `style.css`…). */
  file: z.string(),
  /** 1-based line, where the defect has one. */
  line: z.number().int().min(1).optional(),
  /** 1-based column on that line. */
  column: z.number().int().min(1).optional(),
  message: localizedTextSchema,
  /** The element in the page (a CSS selector), for findings of the browser that have no line. */
  selector: z.string().max(500).optional(),
  /** Whether POST …/checks/fix repairs it deterministically. */
  fixable: z.boolean(),
});
export type Finding = z.infer<typeof findingSchema>;

export const checksSummarySchema = z.object({
  errors: z.number().int(),
  warnings: z.number().int(),
  notices: z.number().int(),
  fixable: z.number().int(),
  /** 0–100, shown beside "Publicar" (see `checksScore`). */
  score: z.number().int(),
});
export type ChecksSummary = z.infer<typeof checksSummarySchema>;

/** GET /api/spaces/{id}/checks (and /v1/spaces/{id}/checks). */
export const checksResponseSchema = z.object({
  findings: z.array(findingSchema),
  summary: checksSummarySchema,
  /** The space revision the files were checked at. */
  revision: z.number().int(),
});
export type ChecksResponse = z.infer<typeof checksResponseSchema>;

/** POST /api/spaces/{id}/checks/fix: `{}` fixes every fixable finding, `{ rules }` only those rules'. */
export const fixChecksBodySchema = z
  .object({ rules: z.array(checkRuleSchema).min(1, { message: 'rules no puede estar vacío' }).max(checkRules.length).optional() })
  .strict();
export type FixChecksBody = z.infer<typeof fixChecksBodySchema>;

/** Something a fix wrote that a person should read again (an alt text guessed from a file name). */
export const reviewNoteSchema = z.object({
  file: z.string(),
  line: z.number().int().min(1).optional(),
  message: localizedTextSchema,
});
export type ReviewNote = z.infer<typeof reviewNoteSchema>;

/**
 * The fixes landed as one version ("Correcciones de la revisión"), or `version: null` when there was
 * nothing to fix (no version is written). `findings` are the new findings of the fixed files.
 */
export const fixChecksResponseSchema = checksResponseSchema.extend({
  version: versionSchema.nullable(),
  files: z.array(spaceFileSchema),
  /** How many findings the fixes repaired. */
  fixed: z.number().int(),
  review: z.array(reviewNoteSchema),
});
export type FixChecksResponse = z.infer<typeof fixChecksResponseSchema>;

/** The prompt the version of the fixes carries in the history. */
export const CHECKS_FIX_PROMPT = 'Correcciones de la revisión';

// The score and the summary need no schema: the editor's header computes them at first load.
export { checksScore, summarizeFindings } from './checks-score';
