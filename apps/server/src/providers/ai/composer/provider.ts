import { parseOutput } from '@div/site-engine/parse';
import { formatEditBlocks, formatFileBlock } from '@div/site-engine/protocol';
import type { AiChunk, AiProvider, AiSiteFile, AiSiteImage, AiStreamOptions } from '../types';
import { AiProviderError } from '../types';
import { detectLanguage } from './analyse';
import { composeFromPrompt, introFor } from './compose';
import { FONTS_PATH } from './design/fonts';
import { editBlocksFor } from './diff';
import { asksForNewSite, planFollowUp } from './followup';
import { placeOwnImages } from './own-images';

export interface LocalComposerOptions {
  /** Characters per second streamed; 0 streams as fast as the consumer reads. */
  charsPerSecond: number;
}

/** Interval between chunks when paced. */
const TICK_MS = 25;
/**
 * How much faster than the pace the stylesheet ahead of the page streams. The pace lets a person
 * watch the page grow; the styles are not what they watch, and the preview paints nothing until
 * they are whole (ADR 0173), so they go by quickly and the first styled paint comes in well under
 * 300 ms (issue 21).
 */
const STYLES_SPEEDUP = 12;

/**
 * The local composer: a site generator without a model, behind the same interface as the router.
 * It answers in the same output protocol models are asked for (whole files in fenced blocks tagged
 * with their path; SEARCH/REPLACE blocks for follow-ups), so the same parser handles both.
 */
export class LocalComposerProvider implements AiProvider {
  readonly kind = 'composer' as const;

  constructor(private readonly options: LocalComposerOptions) {}

  async *stream(options: AiStreamOptions): AsyncIterable<AiChunk> {
    if (options.signal.aborted) throw new AiProviderError('aborted');
    const { prompt, files } = requestOf(options);
    const text = answer(prompt, files, options.site?.selectedElement, options.site?.images);
    const rate = this.options.charsPerSecond;
    const size = rate > 0 ? Math.max(1, Math.round((rate * TICK_MS) / 1000)) : 4096;
    const pageStarts = pageStart(text);
    // The typefaces (fonts.css, data: URLs) come last and at once: nobody watches them being written.
    const fontsStart = text.search(/^```\w* fonts\.css$/m);
    for (let i = 0; i < text.length; ) {
      if (i > 0) await pause(rate > 0 ? TICK_MS : 0, options.signal);
      if (options.signal.aborted) throw new AiProviderError('aborted');
      const end =
        fontsStart > 0 && i >= fontsStart
          ? text.length
          : i < pageStarts
            ? Math.min(pageStarts, i + size * STYLES_SPEEDUP)
            : fontsStart > 0
              ? Math.min(fontsStart, i + size)
              : i + size;
      yield { type: 'content', text: text.slice(i, end) };
      i = end;
    }
    yield { type: 'finish', reason: 'stop' };
    const promptChars = options.messages.reduce((n, m) => n + m.content.length, 0);
    yield { type: 'usage', usage: { promptTokens: Math.ceil(promptChars / 4), completionTokens: Math.ceil(text.length / 4) } };
  }
}

/** Where the first page's file block starts in an answer (0 when no page follows styles). */
export function pageStart(text: string): number {
  const page = text.search(/^```\w* [^\n]*\.html?$/m);
  return page > 0 && /^```\w* [^\n]*\.css$/m.test(text.slice(0, page)) ? page : 0;
}

/** The whole answer text for a prompt and the current files (empty for a new site). */
export function answer(
  prompt: string,
  files: AiSiteFile[],
  selected?: { selector: string; html: string },
  images: readonly AiSiteImage[] = [],
): string {
  const hasSite = files.some((f) => /\.html?$/i.test(f.path));
  if (hasSite) {
    const plan = planFollowUp(prompt, files, selected, images);
    if (plan.understood || plan.refused || !asksForNewSite(prompt)) {
      const parts = [plan.messages.join(' ')];
      // The part not done goes on its own line, which the server tells apart from what was done.
      if (plan.notDone.length)
        parts.push(`${detectLanguage(prompt) === 'es' ? 'Sin hacer:' : 'Not done:'} ${plan.notDone.join(' ')}`);
      for (const [path, content] of plan.changes) {
        const before = files.find((f) => f.path === path)?.content;
        parts.push(
          before === undefined ? formatFileBlock(path, content) : formatEditBlocks(path, editBlocksFor(before, content)),
        );
      }
      return `${parts.join('\n\n')}\n`;
    }
  }
  const { brief, files: composedAlone } = composeFromPrompt(prompt);
  // The space's own images take the logo's, the hero's and the gallery's places (issue 24).
  const composed = placeOwnImages(composedAlone, images);
  // Styles stream first, so the first paint of the half-written page is already styled (issue 22).
  const order = (path: string) => (path === FONTS_PATH ? 3 : /\.css$/i.test(path) ? 0 : /\.html?$/i.test(path) ? 1 : 2);
  const ordered = [...composed].sort((a, b) => order(a.path) - order(b.path));
  return `${introFor(brief)}\n\n${ordered.map((f) => formatFileBlock(f.path, f.content)).join('\n')}`;
}

/** The prompt and current files: from `site` when given, else read back from the conversation. */
function requestOf(options: AiStreamOptions): { prompt: string; files: AiSiteFile[] } {
  if (options.site) return { prompt: options.site.prompt, files: options.site.files ?? [] };
  const files = new Map<string, string>();
  let prompt = '';
  for (const message of options.messages) {
    if (message.role === 'system') continue;
    const parsed = parseOutput(message.content);
    for (const file of parsed.files) if (!file.truncated) files.set(file.path, file.content);
    if (message.role === 'user') prompt = parsed.files.length ? parsed.prose.trim() : message.content;
  }
  return { prompt, files: [...files].map(([path, content]) => ({ path, content })) };
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = ms > 0 ? setTimeout(done, ms) : setImmediate(done);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      if (ms > 0) clearTimeout(timer as NodeJS.Timeout);
      else clearImmediate(timer as NodeJS.Immediate);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
