import type { EditBlockResult, GenerationEvent } from '@div/shared/generation';
import type { ModelOption } from '@div/shared/models';
import { type AnswerOutcome, applyAnswer } from '@div/site-engine/answer';
import { resolveGuessedPaths } from '@div/site-engine/answer-files';
import { applyEditsToFiles, type FileEdits } from '@div/site-engine/apply-edits';
import { OutputParser, type ParseEvent, type ParseResult } from '@div/site-engine/parse';
import { notDoneIn, withoutNotDone } from '@div/site-engine/protocol';
import { computeUpdatedLinesForFiles } from '@div/site-engine/updated-lines';
import type { AiMessage, AiProvider } from '../../providers/ai';
import { AiProviderError } from '../../providers/ai';
import { buildMessages, type PromptInput, retryMessages, wholeFileMessages } from './prompts';

/**
 * One generation: streams the model's answer as events, applies it to the current files with
 * site-engine's one rule (`applyAnswer`: all or nothing, ADR 0160), retries once when the answer is
 * refused and then asks for whole files. Every attempt starts from the files as they were before
 * the generation. It never writes anything: the caller stores the result (version + usage event in
 * one transaction).
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
  /** What the local composer said it did (its prose; a model's prose is not shown), or null. */
  said: string | null;
  /** The part of the request the answer says it did not do, or null (issue 39). */
  notDone: string | null;
}

interface Attempt {
  text: string;
  result: ParseResult;
  finish: string | null;
  tokens: number | null;
  /** Whether `edited` events went out for this attempt (the preview shows them until told otherwise). */
  previewed: boolean;
}

/** Refusals a second answer may mend (a retry); the others end the generation at once. */
const RETRYABLE = new Set(['cut_off', 'fragment', 'elision', 'not_found', 'ambiguous', 'conflict', 'exists']);
/** Refusals of edit blocks, after which whole files are asked for. */
const EDIT_REFUSALS = new Set(['not_found', 'ambiguous', 'conflict', 'exists', 'elision']);

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const { input } = options;
  // Every attempt applies to these files: the site as it was before the generation.
  const current: Readonly<Record<string, string>> = Object.fromEntries(input.files.map((f) => [f.path, f.content]));
  let tokens: number | null = null;
  const run = async (messages: AiMessage[]) => {
    const attempt = await streamAttempt(options, messages, current);
    if (attempt.tokens !== null) tokens = (tokens ?? 0) + attempt.tokens;
    // A refusal names who answered: the local composer is not an AI (issue 22).
    const author = options.provider.kind === 'composer' ? 'composer' : 'ai';
    const outcome = applyAnswer(current, attempt.result, { finishReason: attempt.finish, author });
    // A refused answer's edits were shown as they streamed: the preview goes back to the files as they were.
    if (!outcome.ok && attempt.previewed) options.emit({ type: 'reverted' });
    return { attempt, outcome };
  };
  const composer = options.provider.kind === 'composer';
  const fail = (outcome: Extract<AnswerOutcome, { ok: false }>) =>
    new GenerationFailure(outcome.reason.toUpperCase(), composer ? composerWording(outcome.message) : outcome.message);

  const messages = buildMessages({ ...input, thinker: options.option.isThinker });
  const one = await run(messages);
  const told = (attempt: Attempt) => ({
    said: composer ? withoutNotDone(attempt.result.prose) || null : null,
    notDone: notDoneIn(attempt.result.prose),
  });
  if (one.outcome.ok) return finish(current, one.outcome.files, toEditResults(one.outcome.byPath), tokens, 1, told(one.attempt));
  // The local composer explains what it understood when it changes nothing: that is the answer.
  const said = one.attempt.result.prose.trim();
  if (one.outcome.reason === 'empty' && composer && said) throw new GenerationFailure('NOTHING_CHANGED', said);
  if (!RETRYABLE.has(one.outcome.reason)) throw fail(one.outcome);

  // Retry once with the refusal described to the model (each failed block and the closest region).
  const two = await run(retryMessages(messages, one.attempt.text, one.outcome.failures));
  if (two.outcome.ok) return finish(current, two.outcome.files, toEditResults(two.outcome.byPath), tokens, 2, told(two.attempt));
  const refused = EDIT_REFUSALS.has(two.outcome.reason)
    ? two.outcome
    : EDIT_REFUSALS.has(one.outcome.reason)
      ? one.outcome
      : null;
  if (!refused) throw fail(two.outcome);

  // Last resort: the whole files the answers wanted to change, written anew from the same starting files.
  const paths = [...new Set([...one.outcome.paths, ...two.outcome.paths])].filter((p) => current[p] !== undefined);
  if (paths.length === 0) throw fail(refused);
  const three = await run(wholeFileMessages(input, paths));
  const covered = three.outcome.ok && paths.every((p) => three.attempt.result.files.some((f) => f.path === p));
  if (!three.outcome.ok || !covered) {
    if (three.outcome.ok === false && three.outcome.reason === 'cut_off') throw fail(three.outcome);
    throw fail(refused);
  }
  return finish(current, three.outcome.files, toEditResults(three.outcome.byPath), tokens, 3, told(three.attempt));
}

/**
 * Refusals name who answered: the site engine writes "la IA"; when the local composer answered (no
 * model involved) the person reads "el compositor local" instead.
 */
export function composerWording(message: string): string {
  return message
    .replace(/\bde la IA\b/g, 'del compositor local')
    .replace(/\bLa IA\b/g, 'El compositor local')
    .replace(/\bla IA\b/g, 'el compositor local');
}

function finish(
  before: Readonly<Record<string, string>>,
  files: Record<string, string>,
  edits: EditBlockResult[],
  tokens: number | null,
  attempts: number,
  told: { said: string | null; notDone: string | null },
): GenerateResult {
  const changed = Object.entries(files)
    .filter(([path, content]) => before[path] !== content)
    .map(([path, content]) => ({ path, content }));
  return { files, changed, updatedLines: computeUpdatedLinesForFiles(before, files), edits, tokens, attempts, ...told };
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
  let previewed = false;
  const forward = (events: ParseEvent[]) => {
    for (const event of events) {
      if (event.type === 'thinking') emit({ type: 'thinking', text: event.text });
      else if (event.type === 'file-delta') emit({ type: 'code', path: event.path, delta: event.text });
      else if (event.type === 'file-start') {
        previewed = true;
        emit({ type: 'code', path: event.path, delta: '' });
      } else if (event.type === 'file-complete') working[event.file.path] = event.file.content;
      else if (event.type === 'edit') {
        // The block as the answer's rule will read it: a ```css block goes to the site's stylesheet.
        const [block] = resolveGuessedPaths(working, [event.block]);
        // Deleting or moving a file waits for the whole answer; a new file (apply_patch) is shown.
        if (!block || (block.op && (block.op !== 'add' || working[block.path] !== undefined))) continue;
        const { path } = block;
        const applied = applyEditsToFiles(working, [block]);
        const content = applied.files[path];
        if (!applied.ok || content === undefined) continue;
        working[path] = content;
        const now = Date.now();
        if (now - (editedAt.get(path) ?? 0) < EDITED_EVENT_INTERVAL_MS) continue;
        editedAt.set(path, now);
        previewed = true;
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
      ...(input.images?.length ? { images: [...input.images] } : {}),
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
  return { text, result: parser.result(), finish: finishReason, tokens, previewed };
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
