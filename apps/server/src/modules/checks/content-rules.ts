import type { Finding } from '@div/shared/checks';
import { attr, type HtmlElement } from '../../lib/html-elements';
import { labels } from '../../providers/ai/composer/content';
import { at, atAttr, type CheckedImage, finding, ownImageName, type Page, type Site } from './site';

/*
 * What a visitor reads and what the page loads: placeholder or filler text, scripts and styles
 * from third parties, http: resources and links, and images heavier than the size they are shown at.
 */

/** Filler any generator or template leaves: lorem ipsum, "Escribe aquí…", "Your text here". */
const FILLER =
  /\blorem ipsum\b|\bdolor sit amet\b|\bescribe aquí\b|\btu texto aquí\b|\bañade aquí\b|\byour (?:text|brand) here\b|\bwrite (?:[\w’'\s]{0,30})here\b/i;
/** The composer's own placeholders (written where a brief gave no fact, never a plausible one). */
const COMPOSER_PLACEHOLDERS = new Set(
  Object.values(labels)
    .flatMap((l) => Object.values(l.placeholder))
    .map((text) => text.toLowerCase()),
);

/** Elements whose own text is read as one piece of content. */
const TEXT_BLOCKS = new Set([
  'p',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'figcaption',
  'cite',
  'span',
  'strong',
  'em',
  'dd',
  'dt',
  'address',
  'td',
  'th',
  'small',
]);

/** The placeholder an element's own text is, if any. */
export function placeholderIn(el: HtmlElement): string | undefined {
  if (!TEXT_BLOCKS.has(el.tagName)) return undefined;
  const own = el.childNodes
    .filter((n) => n.nodeName === '#text')
    .map((n) => (n as { value: string }).value)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!own) return undefined;
  if (COMPOSER_PLACEHOLDERS.has(own.toLowerCase()) || FILLER.test(own)) return own;
  return undefined;
}

export function checkPlaceholders(page: Page, out: Finding[]): void {
  for (const el of page.all) {
    const text = placeholderIn(el);
    if (!text) continue;
    out.push(
      finding(
        'placeholder-text',
        'warning',
        page.path,
        at(el),
        {
          es: `Texto de relleno: «${text}». Escribe el contenido real o quítalo (Corregir lo quita).`,
          en: `Filler text: “${text}”. Write the real content or remove it (Fix removes it).`,
        },
        true,
      ),
    );
  }
}

/** Resources a page loads: scripts, stylesheets, fonts, frames. */
function loads(el: HtmlElement): { name: string; url: string } | undefined {
  if (el.tagName === 'script' && attr(el, 'src')) return { name: 'src', url: attr(el, 'src') as string };
  if (el.tagName === 'link' && /\bstylesheet\b|\bpreload\b|\bmodulepreload\b/i.test(attr(el, 'rel') ?? '') && attr(el, 'href')) {
    return { name: 'href', url: attr(el, 'href') as string };
  }
  return undefined;
}

const hostOf = (url: string) => {
  try {
    return new URL(url.startsWith('//') ? `https:${url}` : url).host;
  } catch {
    return url;
  }
};

export function checkThirdParty(page: Page, out: Finding[]): void {
  for (const el of page.all) {
    const resource = loads(el);
    if (!resource || !/^(https?:)?\/\//i.test(resource.url.trim())) continue;
    const host = hostOf(resource.url.trim());
    out.push(
      finding('third-party', 'notice', page.path, atAttr(el, resource.name), {
        es: `La página carga ${el.tagName === 'script' ? 'un script' : 'estilos'} de ${host}: ese servicio verá la visita de cada visitante (privacidad, cookies).`,
        en: `The page loads ${el.tagName === 'script' ? 'a script' : 'styles'} from ${host}: that service sees every visit (privacy, cookies).`,
      }),
    );
  }
}

/** Attributes whose http: URL the browser loads as part of the page (blocked on an https site). */
export const LOADED: Record<string, string[]> = {
  img: ['src'],
  script: ['src'],
  link: ['href'],
  iframe: ['src'],
  source: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
};

/** An http: URL the page loads (not a link, not a canonical address): https: fixes it. */
export const insecureLoad = (el: HtmlElement, name: string, url: string) =>
  (LOADED[el.tagName] ?? []).includes(name) &&
  !(el.tagName === 'link' && /\bcanonical\b|\balternate\b/i.test(attr(el, 'rel') ?? '')) &&
  isInsecure(url);
export const isInsecure = (url: string) => /^http:\/\//i.test(url) && !/^http:\/\/(localhost|127\.)/i.test(url);

export function checkInsecure(page: Page, out: Finding[]): void {
  for (const el of page.all) {
    for (const name of [
      ...(LOADED[el.tagName] ?? []),
      ...(el.tagName === 'a' || el.tagName === 'form' ? ['href', 'action'] : []),
    ]) {
      const url = attr(el, name)?.trim();
      if (!url || !isInsecure(url)) continue;
      const loaded = insecureLoad(el, name, url);
      out.push(
        finding(
          'insecure-link',
          'warning',
          page.path,
          atAttr(el, name),
          loaded
            ? {
                es: `«${url}» se carga por http: en un sitio https el navegador lo bloquea (Corregir lo pasa a https:).`,
                en: `“${url}” loads over http: an https site’s browser blocks it (Fix switches it to https:).`,
              }
            : {
                es: `El enlace «${url}» usa http:, sin cifrar; usa https: si ese sitio lo admite.`,
                en: `The link “${url}” uses unencrypted http:; use https: if that site supports it.`,
              },
          loaded,
        ),
      );
    }
  }
}

/** Over this, an image shown inline in the files (a data: URL) weighs the page down. */
export const INLINE_IMAGE_MAX_BYTES = 100 * 1024;
/** A served image more than this many times the pixels it is shown at (at 2× density) is too heavy. */
const OVERSIZE = 4;

/** An image of the space shown (its `width`) much smaller than the smallest variant the site serves. */
export interface OversizedImage {
  el: HtmlElement;
  name: string;
  image: CheckedImage;
  shown: number;
  smallest: CheckedImage['variants'][number];
}

/** The page's `<img>` of the space's own images that are served much larger than shown. */
export function oversizedImages(site: Site, page: Page): OversizedImage[] {
  const out: OversizedImage[] = [];
  for (const el of page.all) {
    if (el.tagName !== 'img') continue;
    const name = ownImageName(attr(el, 'src')?.trim() ?? '');
    const image = name ? site.images.get(name) : undefined;
    const shown = Number.parseInt(attr(el, 'width') ?? '', 10);
    if (!name || !image || !(shown > 0) || image.variants.length === 0) continue;
    const smallest = image.variants.reduce((a, b) => (b.width < a.width ? b : a));
    if (smallest.width > shown * 2 * OVERSIZE ** 0.5 && smallest.bytes > 50 * 1024)
      out.push({ el, name, image, shown, smallest });
  }
  return out;
}

/** The width of the variant the fix makes: twice the width shown (high-density screens), at most the image's own. */
export const resizeTarget = (image: Pick<CheckedImage, 'width'>, shown: number) => Math.min(image.width, shown * 2);

/** A data: URL image written into the page, heavier than INLINE_IMAGE_MAX_BYTES. */
export function inlineImageBytes(el: HtmlElement): number {
  const src = el.tagName === 'img' ? (attr(el, 'src')?.trim() ?? '') : '';
  if (!src.startsWith('data:')) return 0;
  const bytes = Math.floor((src.length - src.indexOf(',') - 1) * 0.75);
  return bytes > INLINE_IMAGE_MAX_BYTES ? bytes : 0;
}

/**
 * Images heavier than the size they are shown at: a large data: URL written into the page, or one
 * of the space's images shown small (its `width`) while the smallest variant the site can serve is
 * much larger. Both are fixed through the image pipeline (fix-images.ts).
 */
export function checkImageWeight(site: Site, page: Page, out: Finding[]): void {
  for (const el of page.all) {
    const bytes = inlineImageBytes(el);
    if (!bytes) continue;
    out.push(
      finding(
        'image-weight',
        'warning',
        page.path,
        atAttr(el, 'src'),
        {
          es: `Una imagen de ${Math.round(bytes / 1024)} KB va escrita dentro de la página: Corregir la pasa a Imágenes para que el sitio la sirva a su tamaño.`,
          en: `A ${Math.round(bytes / 1024)} KB image is written inside the page: Fix moves it to Images so the site serves it at its size.`,
        },
        true,
      ),
    );
  }
  for (const { el, name, image, shown, smallest } of oversizedImages(site, page)) {
    const target = resizeTarget(image, shown);
    out.push(
      finding(
        'image-weight',
        'notice',
        page.path,
        at(el),
        {
          es: `«${name}» se muestra a ${shown} px pero la menor versión servida mide ${smallest.width} px (${Math.round(smallest.bytes / 1024)} KB): Corregir hace una de ${target} px.`,
          en: `“${name}” is shown at ${shown} px but the smallest version served is ${smallest.width} px (${Math.round(smallest.bytes / 1024)} KB): Fix makes one of ${target} px.`,
        },
        true,
      ),
    );
  }
}
