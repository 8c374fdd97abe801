import type { FileInput } from '@div/shared/spaces';
import { parse } from 'parse5';
import { attr, type HtmlElement as Element, elements, escapeAttr } from '../../lib/html-elements';
import { shortHash, variantFile } from './service';

/** What the deploy needs of an image of the space. */
export interface SiteImage {
  name: string;
  alt: string;
  hash: string;
  width: number;
  height: number;
  variants: { width: number; height: number }[];
}

/** Where a published site serves its images: content-hashed, so cached for ever (ADR 0205). */
export const SITE_IMAGES_PREFIX = '/_div/images/';
export const siteImageUrl = (image: SiteImage, width: number) =>
  `${SITE_IMAGES_PREFIX}${variantFile(shortHash(image.hash), width)}`;

/** `images/<name>` as files write it (`./images/…`, `/images/…`, `../images/…`), not inside a longer path or name. */
const REFERENCE = /(?<![\w/.-])(?:\.\.\/|\.\/|\/)*images\/([a-z0-9][a-z0-9_-]*\.[a-z0-9]{2,4})(?![\w.-])/g;
/** Images with width and height attributes keep their aspect ratio when CSS sizes them (specificity 0: any rule of the site wins). */
const HEIGHT_AUTO = `<style>:where(img[src^="${SITE_IMAGES_PREFIX}"]){height:auto}</style>`;

const largest = (image: SiteImage) => image.variants.reduce((a, b) => (b.width > a.width ? b : a));
/** The variant `src` falls back to: the one nearest 960 px wide. */
const fallback = (image: SiteImage) =>
  image.variants.reduce((a, b) => (Math.abs(b.width - 960) < Math.abs(a.width - 960) ? b : a));

/**
 * Points a deployment's files at the space's images (issue 24, ADR 0205). Every `<img>` whose `src`
 * names an image gets the variant URLs as `srcset`, a `sizes` (its own, or from its `width`, or
 * the viewport), and `width` and `height` when it has neither, so the page does not jump while it
 * loads; any other reference (CSS `url()`, `og:image`, links) gets the largest variant. Returns the
 * files and the images they use (what the site may serve).
 */
export function rewriteSiteImages(files: FileInput[], images: SiteImage[]): { files: FileInput[]; used: SiteImage[] } {
  const byName = new Map(images.map((image) => [image.name, image]));
  const used = new Set<SiteImage>();
  const named = (value: string | undefined) => {
    const match = value === undefined ? null : new RegExp(`^\\s*${REFERENCE.source}\\s*$`).exec(value);
    return match ? byName.get(match[1] as string) : undefined;
  };
  if (!byName.size) return { files, used: [] };
  const out = files.map((file) => {
    if (!/\.(html?|css|js|mjs|json|webmanifest|xml|svg)$/i.test(file.path)) return file;
    let content = file.content;
    if (/\.html?$/i.test(file.path)) {
      const edits: { start: number; end: number; text: string }[] = [];
      for (const el of elements(parse(content, { sourceCodeLocationInfo: true }))) {
        const image = el.tagName === 'img' ? named(attr(el, 'src')) : undefined;
        const location = el.sourceCodeLocation?.startTag;
        if (!image || !location) continue;
        used.add(image);
        edits.push({ start: location.startOffset, end: location.endOffset, text: imgTag(el, image) });
      }
      for (const edit of edits.reverse()) content = content.slice(0, edit.start) + edit.text + content.slice(edit.end);
      if (edits.length) content = addToHead(content, HEIGHT_AUTO);
    }
    content = content.replace(REFERENCE, (whole, name: string) => {
      const image = byName.get(name);
      if (!image) return whole;
      used.add(image);
      return siteImageUrl(image, largest(image).width);
    });
    return content === file.content ? file : { ...file, content };
  });
  return { files: out, used: [...used] };
}

function imgTag(el: Element, image: SiteImage): string {
  const given = new Map(el.attrs.map((a) => [a.name, a.value]));
  const srcset = [...image.variants].sort((a, b) => a.width - b.width).map((v) => `${siteImageUrl(image, v.width)} ${v.width}w`);
  const shown = Number.parseInt(given.get('width') ?? '', 10);
  const set = new Map(given);
  set.set('src', siteImageUrl(image, fallback(image).width));
  set.set('srcset', srcset.join(', '));
  if (!given.has('sizes')) set.set('sizes', shown > 0 ? `(max-width: ${shown}px) 100vw, ${shown}px` : '100vw');
  if (!given.has('width') && !given.has('height')) {
    set.set('width', String(image.width));
    set.set('height', String(image.height));
  }
  if (!given.has('alt') && image.alt) set.set('alt', image.alt);
  if (!given.has('decoding')) set.set('decoding', 'async');
  const attrs = [...set].map(([name, value]) =>
    value === '' && !given.has(name) ? ` ${name}` : ` ${name}="${escapeAttr(value)}"`,
  );
  return `<img${attrs.join('')}>`;
}

function addToHead(html: string, tag: string): string {
  const head = /<head\b[^>]*>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length);
  return tag + html;
}
