import type { CheckRule, ReviewNote } from '@div/shared/checks';
import { attr, elements, type HtmlElement } from '../../lib/html-elements';
import { insecureLoad, LOADED, placeholderIn } from './content-rules';
import { escapeText, quoteAttr, type TextEdit } from './edits';
import { suggestedLabel, unlabelledControls } from './form-rules';
import { idsOf, isExternal, isHtml, langOf, ownImageName, type Page, resolveSiteUrl, type Site, textOf } from './site';

/*
 * The deterministic fixes of one page (issue 40): each returns byte-exact edits of the page's text.
 * What a fix had to guess (an alt text from a file name) is returned as a note to read again.
 */

export interface PageFixContext {
  site: Site;
  page: Page;
  rules: ReadonlySet<CheckRule>;
  /** The site's language, for `lang`. */
  language: string;
  /** The site's name (the home page's title or heading), for titles. */
  siteName: string;
  edits: TextEdit[];
  review: ReviewNote[];
}

const startTag = (el: HtmlElement) => el.sourceCodeLocation?.startTag;
/** Inserts ` name="value"` at the end of an element's start tag (before `>` or `/>`). */
function addAttr(ctx: PageFixContext, el: HtmlElement, name: string, value: string): void {
  const tag = startTag(el);
  if (!tag) return;
  const source = ctx.page.html.slice(tag.startOffset, tag.endOffset);
  const close = source.endsWith('/>') ? 2 : 1;
  ctx.edits.push({ start: tag.endOffset - close, end: tag.endOffset - close, text: ` ${name}=${quoteAttr(value)}` });
}
/** Replaces an attribute's whole `name="value"`. */
function setAttr(ctx: PageFixContext, el: HtmlElement, name: string, value: string): void {
  const location = el.sourceCodeLocation?.attrs?.[name];
  if (!location) {
    addAttr(ctx, el, name, value);
    return;
  }
  ctx.edits.push({ start: location.startOffset, end: location.endOffset, text: `${name}=${quoteAttr(value)}` });
}
function remove(ctx: PageFixContext, el: HtmlElement): void {
  const location = el.sourceCodeLocation;
  if (location) ctx.edits.push({ start: location.startOffset, end: location.endOffset, text: '' });
}

const find = (page: Page, tag: string) => page.all.find((e) => e.tagName === tag);

/** A sentence cut at a word boundary to at most `max` characters. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length).replace(/[,;:\s]+$/, '')}…`;
}

/** Inserts into `<head>` (after its start tag), or starts one when the source has none. */
function intoHead(ctx: PageFixContext, markup: string): void {
  const headEl = find(ctx.page, 'head');
  const head = headEl ? startTag(headEl) : undefined;
  if (headEl && head) {
    // After the charset and viewport, which belong first.
    const early = [...elements(headEl)].filter(
      (e) => e.tagName === 'meta' && (attr(e, 'charset') !== undefined || attr(e, 'name')?.toLowerCase() === 'viewport'),
    );
    const after = early.at(-1)?.sourceCodeLocation?.endOffset ?? head.endOffset;
    ctx.edits.push({ start: after, end: after, text: `\n${markup}` });
    return;
  }
  const html = startTag(find(ctx.page, 'html') as HtmlElement);
  const at = html ? html.endOffset : 0;
  ctx.edits.push({ start: at, end: at, text: `\n<head>\n${markup}\n</head>` });
}

export function fixHead(ctx: PageFixContext): void {
  const { page, rules } = ctx;
  if (rules.has('missing-lang') && !langOf(page)) {
    const html = find(page, 'html') as HtmlElement;
    if (startTag(html)) setAttr(ctx, html, 'lang', ctx.language);
    else {
      const doctype = /^\s*<!doctype[^>]*>/i.exec(page.html);
      const at = doctype ? doctype[0].length : 0;
      ctx.edits.push({ start: at, end: at, text: `\n<html lang="${ctx.language}">` });
    }
  }
  const h1 = find(page, 'h1');
  const heading = h1 ? textOf(h1) : '';
  if (rules.has('missing-title')) {
    const title = find(page, 'title');
    if (!title || !textOf(title)) {
      const base = heading || page.path.replace(/\.html?$/i, '').replace(/[-_/]+/g, ' ');
      const text = clip(
        base && ctx.siteName && base !== ctx.siteName && page.path !== 'index.html'
          ? `${base} · ${ctx.siteName}`
          : base || ctx.siteName,
        70,
      );
      if (title) remove(ctx, title);
      intoHead(ctx, `<title>${escapeText(text)}</title>`);
    }
  }
  if (rules.has('missing-description')) {
    const meta = page.all.find((e) => e.tagName === 'meta' && attr(e, 'name')?.toLowerCase() === 'description');
    if (!meta || !attr(meta, 'content')?.trim()) {
      const paragraph = page.all
        .filter((e) => e.tagName === 'p')
        .map(textOf)
        .find((t) => t.length >= 30 && !placeholderText(t));
      const text = clip(paragraph ?? heading ?? ctx.siteName, 155);
      if (text) {
        if (meta) setAttr(ctx, meta, 'content', text);
        else intoHead(ctx, `<meta name="description" content=${quoteAttr(text)}>`);
      }
    }
  }
}
const placeholderText = (text: string) => /escribe aquí|añade aquí|lorem ipsum|write .* here/i.test(text);

/** "hogaza-de-centeno.webp" → "Hogaza de centeno". */
function fromFileName(src: string): string {
  const name = decodeURIComponent(src.split(/[?#]/)[0]?.split('/').pop() ?? '')
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/[-_]+/g, ' ')
    .replace(/\b\d{2,}\b|\b(img|image|imagen|foto|photo|dsc|copy|final)\b/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : '';
}

export function fixAlt(ctx: PageFixContext): void {
  if (!ctx.rules.has('image-alt')) return;
  for (const img of ctx.page.all) {
    if (img.tagName !== 'img' || attr(img, 'alt') !== undefined) continue;
    if (attr(img, 'role') === 'presentation' || attr(img, 'aria-hidden') === 'true') continue;
    const src = attr(img, 'src') ?? '';
    const own = ownImageName(src);
    const stored = own ? ctx.site.images.get(own)?.alt.trim() : undefined;
    const figure =
      img.parentNode && 'tagName' in img.parentNode && img.parentNode.tagName === 'figure' ? img.parentNode : undefined;
    const caption = figure ? [...elements(figure)].find((e) => e.tagName === 'figcaption') : undefined;
    const alt = stored || (caption ? textOf(caption) : '') || fromFileName(src);
    addAttr(ctx, img, 'alt', alt);
    if (!stored) {
      const line = img.sourceCodeLocation?.startLine;
      ctx.review.push({
        file: ctx.page.path,
        ...(line ? { line } : {}),
        message: {
          es: `Texto alternativo escrito a partir ${caption ? 'del pie de foto' : 'del nombre del archivo'}: «${alt}». Revísalo.`,
          en: `Alternative text written from the ${caption ? 'caption' : 'file name'}: “${alt}”. Check it.`,
        },
      });
    }
  }
}

const normal = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** The id a broken anchor most likely meant: the same word, or one containing the other. */
function nearestId(ids: readonly string[], anchor: string): string | undefined {
  const wanted = normal(anchor);
  if (!wanted) return undefined;
  return (
    ids.find((id) => normal(id) === wanted) ??
    ids.find((id) => normal(id).length >= 4 && wanted.length >= 4 && (normal(id).includes(wanted) || wanted.includes(normal(id))))
  );
}

export function fixAnchors(ctx: PageFixContext): void {
  if (!ctx.rules.has('broken-anchor')) return;
  const { site, page } = ctx;
  for (const link of page.all) {
    if (link.tagName !== 'a' && link.tagName !== 'area') continue;
    const href = attr(link, 'href')?.trim();
    if (!href || isExternal(href) || !href.includes('#')) continue;
    const [path = '', anchor = ''] = href.split('#');
    if (!anchor || anchor === 'top') continue;
    const target = resolveSiteUrl(site, page.path, href);
    const targetPage = target && isHtml(target) ? site.pages.find((p) => p.path === target) : undefined;
    if (!targetPage) continue;
    const ids = idsOf(targetPage);
    if (ids.has(anchor) || targetPage.all.some((e) => e.tagName === 'a' && attr(e, 'name') === anchor)) continue;
    const meant = nearestId([...ids.keys()], anchor);
    if (meant) {
      setAttr(ctx, link, 'href', `${path}#${meant}`);
      continue;
    }
    removeLink(ctx, link);
  }
}

/** A menu item goes whole; a link in running text keeps its words. */
function removeLink(ctx: PageFixContext, link: HtmlElement): void {
  const parent = link.parentNode as HtmlElement | null;
  const onlyChild =
    parent && 'tagName' in parent && parent.tagName === 'li' && parent.childNodes.filter((n) => 'tagName' in n).length === 1;
  if (onlyChild) {
    remove(ctx, parent);
    return;
  }
  let inNav = false;
  for (let p = parent; p && 'tagName' in p; p = p.parentNode as HtmlElement | null) if (p.tagName === 'nav') inNav = true;
  if (inNav) {
    remove(ctx, link);
    return;
  }
  const location = link.sourceCodeLocation;
  if (!location?.startTag || !location.endTag) return;
  ctx.edits.push({ start: location.startTag.startOffset, end: location.startTag.endOffset, text: '' });
  ctx.edits.push({ start: location.endTag.startOffset, end: location.endTag.endOffset, text: '' });
}

/** Attributes that name ids of the same page. */
const ID_REFERENCES = ['for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'headers', 'list', 'form'];

export function fixDuplicateIds(ctx: PageFixContext): void {
  if (!ctx.rules.has('duplicate-id')) return;
  const { page } = ctx;
  const taken = new Set(page.all.map((e) => attr(e, 'id')).filter((id): id is string => Boolean(id)));
  const first = new Map<string, number>();
  page.all.forEach((el, index) => {
    const id = attr(el, 'id');
    if (!id) return;
    if (!first.has(id)) {
      first.set(id, index);
      return;
    }
    let renamed = `${id}-2`;
    for (let n = 3; taken.has(renamed); n++) renamed = `${id}-${n}`;
    taken.add(renamed);
    setAttr(ctx, el, 'id', renamed);
    // A reference goes with the copy it is nearer to (a label beside its own field).
    const firstIndex = first.get(id) as number;
    page.all.forEach((ref, refIndex) => {
      for (const name of ID_REFERENCES) {
        const value = attr(ref, name);
        if (!value?.split(/\s+/).includes(id)) continue;
        if (Math.abs(refIndex - index) >= Math.abs(refIndex - firstIndex)) continue;
        setAttr(
          ctx,
          ref,
          name,
          value
            .split(/\s+/)
            .map((v) => (v === id ? renamed : v))
            .join(' '),
        );
      }
    });
  });
}

export function fixHeadings(ctx: PageFixContext): void {
  if (!ctx.rules.has('single-h1')) return;
  for (const h1 of ctx.page.all.filter((e) => e.tagName === 'h1').slice(1)) {
    const location = h1.sourceCodeLocation;
    if (!location?.startTag) continue;
    ctx.edits.push({ start: location.startTag.startOffset + 1, end: location.startTag.startOffset + 3, text: 'h2' });
    if (location.endTag)
      ctx.edits.push({ start: location.endTag.startOffset + 2, end: location.endTag.startOffset + 4, text: 'h2' });
  }
}

export function fixLabels(ctx: PageFixContext): void {
  if (!ctx.rules.has('unlabelled-control')) return;
  for (const control of unlabelledControls(ctx.page)) {
    const label = suggestedLabel(control);
    if (label) addAttr(ctx, control, 'aria-label', label);
  }
}

/** Cards a placeholder stands for: the whole card goes with it. */
const CARDS = new Set(['article', 'figure', 'blockquote', 'li']);

export function fixPlaceholders(ctx: PageFixContext): void {
  if (!ctx.rules.has('placeholder-text')) return;
  for (const el of ctx.page.all) {
    if (!placeholderIn(el)) continue;
    let target: HtmlElement = el;
    let p = el.parentNode as HtmlElement | null;
    for (let depth = 0; p && 'tagName' in p && depth < 3; depth++, p = p.parentNode as HtmlElement | null) {
      if (CARDS.has(p.tagName)) {
        target = p;
        break;
      }
    }
    remove(ctx, target);
  }
}

export function fixInsecure(ctx: PageFixContext): void {
  if (!ctx.rules.has('insecure-link')) return;
  for (const el of ctx.page.all) {
    for (const name of LOADED[el.tagName] ?? []) {
      const url = attr(el, name)?.trim();
      if (url && insecureLoad(el, name, url)) setAttr(ctx, el, name, `https://${url.slice(7)}`);
    }
  }
}
