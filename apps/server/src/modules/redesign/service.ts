import { MAX_REDESIGN_MARKDOWN_CHARS } from '@div/shared/generation';
import { AppError } from '../../lib/errors';
import { type SafeFetchOptions, safeFetch } from '../../lib/ssrf';
import { htmlToMarkdown } from './html-to-markdown';

export const REDESIGN_MESSAGES = {
  plan: 'El rediseño desde una URL está disponible a partir del plan Mediano. Mejora tu plan para usarlo.',
  notHtml: 'La dirección no devuelve una página web (HTML).',
  status: (status: number) => `La página respondió con el estado ${status}.`,
  empty: 'La página no tiene contenido que rediseñar.',
} as const;

export { planAllowsRedesign } from '@div/shared/plan-access';

/** Downloads a public page (see lib/ssrf) and converts it to markdown for `redesignMarkdown`. */
export async function fetchPageAsMarkdown(opts: { url: string; fetchOptions?: SafeFetchOptions }): Promise<{ markdown: string }> {
  const page = await safeFetch(opts.url, opts.fetchOptions);
  if (page.status < 200 || page.status >= 300) throw new AppError('BAD_REQUEST', REDESIGN_MESSAGES.status(page.status));
  if (page.contentType && !/html|xml|text\/plain/i.test(page.contentType))
    throw new AppError('BAD_REQUEST', REDESIGN_MESSAGES.notHtml);
  const markdown = htmlToMarkdown(page.body, { baseUrl: page.url, maxChars: MAX_REDESIGN_MARKDOWN_CHARS - 100 });
  if (!markdown.trim()) throw new AppError('BAD_REQUEST', REDESIGN_MESSAGES.empty);
  return { markdown };
}
