import type { EditBlockResult, GenerationEvent } from '@div/shared/generation';
import type { ModelOption } from '@div/shared/models';
import { applyEditsToFiles, type FileEdits } from '@div/site-engine/apply-edits';
import { OutputParser, type ParseEvent, type ParseResult } from '@div/site-engine/parse';
import { computeUpdatedLinesForFiles } from '@div/site-engine/updated-lines';
import type { AiMessage, AiProvider } from '../../providers/ai';
import { AiProviderError } from '../../providers/ai';
import { buildMessages, type PromptInput, retryMessages, wholeFileMessages } from './prompts';

/**
 * One generation: streams the model's answer as events, applies it to the current files with
 * site-engine (all or nothing), retries once when edit blocks fail and then asks for whole files.
 * It never writes anything: the caller stores the result (version + usage event in one transaction).
 */

export type Emit = (event: GenerationEvent) => void;

/** A generation that ended without a usable result; `message` is for people. */
export class GenerationFailure extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'GenerationFailure';
    this.code = code;
  }
}

export const FAILURE_MESSAGES = {
  empty: 'La IA no devolvió ningún archivo. Prueba a describir el cambio de otra forma.',
  truncated: 'La respuesta de la IA se cortó antes de terminar (límite de tokens). Prueba con un cambio más pequeño.',
  editsFailed:
    'No se pudieron aplicar los cambios de la IA al código actual; no se ha modificado nada. Prueba a describir el cambio de otra forma.',
} as const;

export interface GenerateOptions {
  provider: AiProvider;
  option: ModelOption;
  /** The provider choice ('auto' or a provider id). */
  providerChoice: string;
  input: PromptInput;
  signal: AbortSignal;
  emit: Emit;
}

export interface GenerateResult {
  /** Every file of the site after the change. */
  files: Record<string, string>;
  /** Files that changed (or are new), with their content. */
  changed: { path: string; content: string }[];
  updatedLines: Record<string, [number, number][]>;
  edits: EditBlockResult[];
  tokens: number | null;
  attempts: number;
}

interface Attempt {
  text: string;
  result: ParseResult;
  finish: string | null;
  tokens: number | null;
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const { input } = options;
  const current: Record<string, string> = {};
  for (const file of input.files) current[file.path] = file.content;
  let tokens: number | null = null;
  const addTokens = (n: number | null) => {
    if (n !== null) tokens = (tokens ?? 0) + n;
  };

  const messages = buildMessages({ ...input, thinker: options.option.isThinker });
  const first = await streamAttempt(options, messages, current);
  addTokens(first.tokens);
  const one = resolveAnswer(current, first);
  if (one.ok) return finish(current, one.files, one.edits, tokens, 1);
  if (one.kind !== 'edits') {
    // The local composer explains what it understood when it changes nothing: that is the answer.
    const said = first.result.prose.trim();
    if (one.kind === 'empty' && options.provider.kind === 'composer' && said)
      throw new GenerationFailure('NOTHING_CHANGED', said);
    throw new GenerationFailure(one.kind.toUpperCase(), FAILURE_MESSAGES[one.kind]);
  }

  // Retry once with the failures described to the model.
  const second = await streamAttempt(options, retryMessages(messages, first.text, one.failures), current);
  addTokens(second.tokens);
  const two = resolveAnswer(current, second);
  if (two.ok) return finish(current, two.files, two.edits, tokens, 2);

  // Last resort: the whole files that could not be edited (the other files keep the edits that applied).
  const failedPaths = two.kind === 'edits' ? two.failedPaths : one.failedPaths;
  const base = two.kind === 'edits' ? two.partial : one.partial;
  const third = await streamAttempt(options, wholeFileMessages(input, failedPaths), base);
  addTokens(third.tokens);
  const whole = resolveAnswer(base, third);
  const covered = whole.ok && failedPaths.every((p) => third.result.files.some((f) => f.path === p));
  if (!whole.ok || !covered) throw new GenerationFailure('EDITS_FAILED', FAILURE_MESSAGES.editsFailed);
  const edits = [...(two.kind === 'edits' ? two.edits : one.edits).filter((e) => !failedPaths.includes(e.path)), ...whole.edits];
  return finish(current, whole.files, edits, tokens, 3);
}

function finish(
  before: Record<string, string>,
  files: Record<string, string>,
  edits: EditBlockResult[],
  tokens: number | null,
  attempts: number,
): GenerateResult {
  const changed = Object.entries(files)
    .filter(([path, content]) => before[path] !== content)
    .map(([path, content]) => ({ path, content }));
  return { files, changed, updatedLines: computeUpdatedLinesForFiles(before, files), edits, tokens, attempts };
}

/** A file's `edited` event goes out at most this often (the browser's preview throttle). */
export const EDITED_EVENT_INTERVAL_MS = 300;

/** One answer of the model, streamed as events; `base` is what its edit blocks apply to. */
async function streamAttempt(
  options: GenerateOptions,
  messages: AiMessage[],
  base: Readonly<Record<string, string>>,
): Promise<Attempt> {
  const { emit, input } = options;
  const parser = new OutputParser({
    defaultPath: input.activeFileId && /\.\w+$/.test(input.activeFileId) ? input.activeFileId : 'index.html',
  });
  // The files as the answer has changed them so far, for the preview of follow-up edits.
  const working: Record<string, string> = { ...base };
  const editedAt = new Map<string, number>();
  const forward = (events: ParseEvent[]) => {
    for (const event of events) {
      if (event.type === 'thinking') emit({ type: 'thinking', text: event.text });
      else if (event.type === 'file-delta') emit({ type: 'code', path: event.path, delta: event.text });
      else if (event.type === 'file-start') emit({ type: 'code', path: event.path, delta: '' });
      else if (event.type === 'file-complete') working[event.file.path] = event.file.content;
      else if (event.type === 'edit') {
        const { path } = event.block;
        const applied = applyEditsToFiles(working, [event.block]);
        const content = applied.files[path];
        if (!applied.ok || content === undefined) continue;
        working[path] = content;
        const now = Date.now();
        if (now - (editedAt.get(path) ?? 0) < EDITED_EVENT_INTERVAL_MS) continue;
        editedAt.set(path, now);
        emit({ type: 'edited', path, content });
      }
    }
  };
  let text = '';
  let finishReason: string | null = null;
  let tokens: number | null = null;
  const stream = options.provider.stream({
    model: options.option.value,
    provider: options.providerChoice,
    messages,
    signal: options.signal,
    site: {
      prompt: input.prompt,
      files: [...input.files],
      ...(input.selectedElement ? { selectedElement: input.selectedElement } : {}),
    },
  });
  for await (const chunk of stream) {
    if (chunk.type === 'reasoning') forward(parser.feedReasoning(chunk.text));
    else if (chunk.type === 'content') {
      text += chunk.text;
      forward(parser.feed(chunk.text));
    } else if (chunk.type === 'finish') finishReason = chunk.reason;
    else if (chunk.type === 'usage') tokens = chunk.usage.promptTokens + chunk.usage.completionTokens;
  }
  if (options.signal.aborted) throw new AiProviderError('aborted');
  forward(parser.end());
  return { text, result: parser.result(), finish: finishReason, tokens };
}

type Resolved =
  | { ok: true; files: Record<string, string>; edits: EditBlockResult[] }
  | { ok: false; kind: 'empty' | 'truncated' }
  | {
      ok: false;
      kind: 'edits';
      failures: string;
      failedPaths: string[];
      edits: EditBlockResult[];
      /** The files with the edits of the files whose blocks all applied. */
      partial: Record<string, string>;
    };

/** Applies an answer to the files: whole files replace theirs, then every edit block must apply. */
function resolveAnswer(current: Record<string, string>, attempt: Attempt): Resolved {
  const { result } = attempt;
  if (result.files.some((f) => f.truncated)) return { ok: false, kind: 'truncated' };
  if (result.files.length === 0 && result.edits.length === 0) {
    return { ok: false, kind: attempt.finish === 'length' ? 'truncated' : 'empty' };
  }
  const base = { ...current };
  for (const file of result.files) base[file.path] = file.content;
  if (result.edits.length === 0) return { ok: true, files: base, edits: [] };
  const applied = applyEditsToFiles(base, result.edits);
  const edits = toEditResults(applied.byPath);
  if (applied.ok) return { ok: true, files: applied.files, edits };
  const partial = applyEditsToFiles(base, result.edits, { allOrNothing: false });
  return {
    ok: false,
    kind: 'edits',
    failures: applied.failures,
    failedPaths: applied.byPath.filter((f) => !f.ok).map((f) => f.path),
    edits,
    partial: partial.files,
  };
}

function toEditResults(byPath: FileEdits[]): EditBlockResult[] {
  return byPath.flatMap((file) =>
    file.results.map((r) => ({
      path: file.path,
      index: r.index,
      outcome: r.outcome,
      ...(r.lines ? { lines: r.lines } : {}),
      ...(r.candidates ? { candidates: r.candidates } : {}),
      ...(r.similarity !== undefined ? { similarity: r.similarity } : {}),
    })),
  );
}

/** How an AI provider's failure is told to people, and the HTTP status when the stream has not started. */
export function describeAiError(error: AiProviderError): { code: string; status: number; message: string } {
  switch (error.kind) {
    case 'rate_limit':
      return { code: 'RATE_LIMITED', status: 429, message: error.message };
    case 'aborted':
      return { code: 'ABORTED', status: 499, message: error.message };
    case 'stall':
      return { code: 'UPSTREAM_STALLED', status: 503, message: error.message };
    default:
      return { code: `UPSTREAM_${error.kind.toUpperCase()}`, status: 502, message: error.message };
  }
}
