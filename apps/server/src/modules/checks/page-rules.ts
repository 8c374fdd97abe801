import type { Finding } from '@div/shared/checks';
import { attr, type HtmlElement } from '../../lib/html-elements';
import {
  at,
  atAttr,
  finding,
  idsOf,
  isExternal,
  isHtml,
  langOf,
  ownImageName,
  type Page,
  resolveSiteUrl,
  type Site,
  textOf,
} from './site';

/*
 * The rules about a page's structure and references: links between pages and to #anchors,
 * images, duplicate ids, one h1, lang, title, meta description, alt text.
 */

/** Attributes that name another page or file, by element. */
const LINKING: Record<string, string> = { a: 'href', area: 'href', link: 'href', script: 'src', iframe: 'src', source: 'src' };

export function checkReferences(site: Site, page: Page, out: Finding[]): void {
  for (const el of page.all) {
    const name = LINKING[el.tagName];
    const url = name ? attr(el, name)?.trim() : undefined;
    if (name && url !== undefined) checkLink(site, page, el, name, url, out);
    if (el.tagName === 'img' || (el.tagName === 'source' && attr(el, 'srcset') === undefined)) {
      const src = attr(el, 'src')?.trim();
      if (src !== undefined) checkImage(site, page, el, 'src', src, out);
    }
    for (const set of ['srcset'] as const) {
      const value = attr(el, set);
      if (value === undefined) continue;
      for (const candidate of value.split(',')) {
        const url = candidate.trim().split(/\s+/)[0];
        if (url) checkImage(site, page, el, set, url, out);
      }
    }
    const poster = el.tagName === 'video' ? attr(el, 'poster') : undefined;
    if (poster) checkImage(site, page, el, 'poster', poster.trim(), out);
  }
}

function checkLink(site: Site, page: Page, el: HtmlElement, name: string, url: string, out: Finding[]): void {
  if (url === '' || isExternal(url) || url.startsWith('{')) return;
  const hash = url.indexOf('#');
  const anchor = hash === -1 ? '' : decodeSafe(url.slice(hash + 1));
  if (el.tagName === 'img' || ownImageName(url)) {
    checkImage(site, page, el, name, url, out);
    return;
  }
  const target = resolveSiteUrl(site, page.path, url);
  if (target === null) {
    out.push(
      finding('broken-link', 'error', page.path, atAttr(el, name), {
        es: `El enlace «${url}» lleva a una página o archivo que no existe en el sitio.`,
        en: `The link “${url}” points to a page or file the site does not have.`,
      }),
    );
    return;
  }
  // `#` alone and `#top` go to the top of the page in every browser.
  if (!anchor || anchor === 'top' || !isHtml(target)) return;
  const targetPage = site.pages.find((p) => p.path === target);
  if (targetPage && !idsOf(targetPage).has(anchor) && !namedAnchor(targetPage, anchor)) {
    out.push(
      finding(
        'broken-anchor',
        'error',
        page.path,
        atAttr(el, name),
        {
          es: `El enlace «${url}» apunta a #${anchor}, que no existe en ${target}.`,
          en: `The link “${url}” points to #${anchor}, which ${target} does not have.`,
        },
        true,
      ),
    );
  }
}

const namedAnchor = (page: Page, anchor: string) => page.all.some((e) => e.tagName === 'a' && attr(e, 'name') === anchor);

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function checkImage(site: Site, page: Page, el: HtmlElement, name: string, url: string, out: Finding[]): void {
  if (url === '' || isExternal(url) || url.startsWith('data:')) return;
  const own = ownImageName(url);
  const missing =
    own !== undefined ? !site.images.has(own) && !site.files.has(`images/${own}`) : resolveSiteUrl(site, page.path, url) === null;
  if (!missing) return;
  out.push(
    finding('missing-image', 'error', page.path, atAttr(el, name), {
      es: `La imagen «${url}» no existe: súbela en Imágenes o cambia la referencia.`,
      en: `The image “${url}” does not exist: upload it under Images or change the reference.`,
    }),
  );
}

export function checkIds(page: Page, out: Finding[]): void {
  const seen = new Map<string, HtmlElement>();
  for (const el of page.all) {
    const id = attr(el, 'id');
    if (!id) continue;
    if (!seen.has(id)) {
      seen.set(id, el);
      continue;
    }
    out.push(
      finding(
        'duplicate-id',
        'error',
        page.path,
        atAttr(el, 'id'),
        {
          es: `El id «${id}» se repite en la página (ya está en la línea ${at(seen.get(id) as HtmlElement)?.line ?? '?'}).`,
          en: `The id “${id}” is used twice on the page (first on line ${at(seen.get(id) as HtmlElement)?.line ?? '?'}).`,
        },
        true,
      ),
    );
  }
}

export function checkHeadings(page: Page, out: Finding[]): void {
  const h1s = page.all.filter((e) => e.tagName === 'h1');
  for (const extra of h1s.slice(1)) {
    out.push(
      finding(
        'single-h1',
        'warning',
        page.path,
        at(extra),
        {
          es: 'La página tiene más de un h1: el título principal debe ser uno solo (este pasará a h2).',
          en: 'The page has more than one h1: keep one main heading (this one becomes an h2).',
        },
        true,
      ),
    );
  }
}

/** What `<head>` must carry: lang, title, meta description. */
export function checkHead(page: Page, out: Finding[]): void {
  const html = page.all.find((e) => e.tagName === 'html');
  if (!langOf(page)) {
    out.push(
      finding(
        'missing-lang',
        'error',
        page.path,
        html && at(html) ? at(html) : { line: 1 },
        {
          es: 'Falta el idioma de la página (<html lang="…">): los lectores de pantalla y los buscadores lo necesitan.',
          en: 'The page has no language (<html lang="…">): screen readers and search engines need it.',
        },
        true,
      ),
    );
  }
  const head = page.all.find((e) => e.tagName === 'head');
  const headAt = head && at(head) ? at(head) : { line: 1 };
  const title = page.all.find((e) => e.tagName === 'title');
  if (!title || !textOf(title)) {
    out.push(
      finding(
        'missing-title',
        'error',
        page.path,
        title ? at(title) : headAt,
        {
          es: 'La página no tiene título (<title>): es lo que muestran la pestaña y los buscadores.',
          en: 'The page has no title (<title>): it is what tabs and search engines show.',
        },
        true,
      ),
    );
  }
  const description = page.all.find((e) => e.tagName === 'meta' && attr(e, 'name')?.toLowerCase() === 'description');
  if (!description || !attr(description, 'content')?.trim()) {
    out.push(
      finding(
        'missing-description',
        'warning',
        page.path,
        description ? at(description) : headAt,
        {
          es: 'Falta la descripción de la página (<meta name="description">) que muestran los buscadores.',
          en: 'The page has no description (<meta name="description">) for search engines to show.',
        },
        true,
      ),
    );
  }
}

export function checkAlt(page: Page, out: Finding[]): void {
  for (const el of page.all) {
    if (el.tagName !== 'img' || attr(el, 'alt') !== undefined) continue;
    if (attr(el, 'role') === 'presentation' || attr(el, 'aria-hidden') === 'true') continue;
    out.push(
      finding(
        'image-alt',
        'error',
        page.path,
        at(el),
        {
          es: `La imagen «${attr(el, 'src') ?? ''}» no tiene texto alternativo (alt).`,
          en: `The image “${attr(el, 'src') ?? ''}” has no alternative text (alt).`,
        },
        true,
      ),
    );
  }
}
