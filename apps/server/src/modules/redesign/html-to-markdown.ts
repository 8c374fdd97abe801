/**
 * A small HTML-to-markdown converter for redesigns: it keeps what a model needs to rebuild a page
 * (title, headings, text, links, images, lists, tables, emphasis) and drops scripts, styles,
 * navigation chrome markup and attributes. It tokenises the HTML itself (no DOM), so any input
 * gives an answer.
 */

const DROP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'canvas', 'iframe', 'object', 'head', 'select']);
const BLOCK = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'nav',
  'aside',
  'form',
  'figure',
  'figcaption',
  'blockquote',
  'ul',
  'ol',
  'table',
  'tr',
  'address',
  'details',
  'summary',
  'fieldset',
  'dl',
  'dt',
  'dd',
  'body',
  'html',
]);

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  copy: '©',
  reg: '®',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  euro: '€',
  aacute: 'á',
  eacute: 'é',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
  ntilde: 'ñ',
  Aacute: 'Á',
  Eacute: 'É',
  Iacute: 'Í',
  Oacute: 'Ó',
  Uacute: 'Ú',
  Ntilde: 'Ñ',
  uuml: 'ü',
  iquest: '¿',
  iexcl: '¡',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  middot: '·',
  bull: '•',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name] ?? whole;
  });
}

function attr(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  const value = match?.[1] ?? match?.[2] ?? match?.[3];
  return value === undefined ? undefined : decodeEntities(value).trim();
}

function absolute(href: string, base: string | undefined): string {
  if (!base) return href;
  try {
    return new URL(href, base).toString();
  } catch {
    return href;
  }
}

export function htmlToMarkdown(html: string, options: { baseUrl?: string; maxChars?: number } = {}): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const description = /<meta[^>]+name=["']description["'][^>]*>/i.exec(html)?.[0];
  const out: string[] = [];
  if (title?.trim()) out.push(`# ${decodeEntities(title).replace(/\s+/g, ' ').trim()}\n\n`);
  const desc = description ? attr(description, 'content') : undefined;
  if (desc) out.push(`> ${desc}\n\n`);

  const tokens = html.replace(/<!--[\s\S]*?-->/g, '').split(/(<[^>]*>)/);
  let dropDepth = 0;
  let dropTag = '';
  const lists: { ordered: boolean; n: number }[] = [];
  let link: string | null = null;
  let pre = 0;
  let rowCells = 0;
  let headerRowDone = false;
  for (const token of tokens) {
    if (!token) continue;
    if (token[0] === '<') {
      const m = /^<\s*(\/)?\s*([a-z][a-z0-9-]*)/i.exec(token);
      if (!m) continue;
      const closing = m[1] === '/';
      const tag = (m[2] ?? '').toLowerCase();
      if (dropDepth > 0) {
        if (tag === dropTag) dropDepth += closing ? -1 : token.endsWith('/>') ? 0 : 1;
        continue;
      }
      if (DROP.has(tag) && !closing) {
        if (!token.endsWith('/>')) {
          dropDepth = 1;
          dropTag = tag;
        }
        continue;
      }
      if (/^h[1-6]$/.test(tag)) out.push(closing ? '\n\n' : `\n\n${'#'.repeat(Number(tag[1]))} `);
      else if (tag === 'br') out.push(pre ? '\n' : '  \n');
      else if (tag === 'hr') out.push('\n\n---\n\n');
      else if (tag === 'ul' || tag === 'ol') {
        if (closing) lists.pop();
        else lists.push({ ordered: tag === 'ol', n: 0 });
        out.push('\n');
      } else if (tag === 'li' && !closing) {
        const list = lists[lists.length - 1];
        const indent = '  '.repeat(Math.max(0, lists.length - 1));
        if (list) list.n += 1;
        out.push(`\n${indent}${list?.ordered ? `${list.n}.` : '-'} `);
      } else if (tag === 'a') {
        if (!closing) {
          const href = attr(token, 'href');
          link = href && !href.startsWith('javascript:') && !href.startsWith('#') ? absolute(href, options.baseUrl) : null;
          if (link) out.push('[');
        } else if (link) {
          out.push(`](${link})`);
          link = null;
        }
      } else if (tag === 'img' && !closing) {
        const src = attr(token, 'src');
        if (src && !src.startsWith('data:')) out.push(`![${attr(token, 'alt') ?? ''}](${absolute(src, options.baseUrl)})`);
      } else if (tag === 'strong' || tag === 'b') out.push('**');
      else if (tag === 'em' || tag === 'i') out.push('_');
      else if (tag === 'code' && !pre) out.push('`');
      else if (tag === 'pre') {
        pre += closing ? -1 : 1;
        out.push(closing ? '\n```\n\n' : '\n\n```\n');
      } else if (tag === 'tr') {
        if (closing) {
          out.push('|\n');
          if (!headerRowDone && rowCells > 0) out.push(`${'| --- '.repeat(rowCells)}|\n`);
          headerRowDone = true;
        } else rowCells = 0;
      } else if (tag === 'td' || tag === 'th') {
        if (closing) out.push(' ');
        else {
          rowCells += 1;
          out.push('| ');
        }
      } else if (tag === 'table') {
        headerRowDone = false;
        out.push('\n\n');
      } else if (tag === 'button' && !closing) out.push(' [');
      else if (tag === 'button' && closing) out.push('] ');
      else if (BLOCK.has(tag)) out.push('\n\n');
      continue;
    }
    if (dropDepth > 0) continue;
    const text = decodeEntities(token);
    out.push(pre ? text : text.replace(/\s+/g, ' '));
  }
  let markdown = out
    .join('')
    .replace(/\*\*\s*\*\*/g, '')
    .replace(/\[\s*\]\([^)]*\)/g, '')
    .replace(/[ \t]+\n/g, (m) => (m.startsWith('  ') ? '  \n' : '\n'))
    .replace(/\n[ \t]+(?=[^\s-\d|])/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const max = options.maxChars ?? 200_000;
  if (markdown.length > max) markdown = `${markdown.slice(0, max)}\n\n…`;
  return markdown;
}
