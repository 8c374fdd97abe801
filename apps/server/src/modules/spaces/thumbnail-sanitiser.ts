import { type DefaultTreeAdapterTypes, defaultTreeAdapter, parse, serialize } from 'parse5';
import postcss, { type Root } from 'postcss';
import { cssUnescaped } from '../../lib/css-escapes';

/*
 * The thumbnail's sanitiser (issue 36, ADR 0240): the page parsed by parse5 as a browser without
 * scripts parses it, and rebuilt with nothing that runs, frames, navigates to script or loads from
 * another origin. Style sheets and style attributes are parsed by postcss and lose the rules that
 * would load. An allow-list of what may load (the page's own and inline images), not a list of
 * known tricks; the card's empty sandbox stays the second line.
 */

type Node = DefaultTreeAdapterTypes.ChildNode;
type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** Elements removed with all they hold: they run, frame, redirect, fetch or animate attributes. */
const DROPPED = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  'base',
  'link',
  'set',
  'animate',
  'animatemotion',
  'animatetransform',
  'animatecolor',
  'handler',
  'listener',
]);
/** Attributes removed whatever their value. */
const STRIPPED = new Set(['srcdoc', 'srcset', 'imagesrcset', 'ping', 'attributename']);
/** Attributes the browser loads as soon as the page draws: kept only for a local or inline image. */
const LOADED = new Set(['src', 'poster', 'background', 'data', 'codebase', 'archive', 'lowsrc', 'dynsrc', 'manifest', 'icon']);
/** Elements whose `href` is loaded, not followed. */
const LOADING_HREF = new Set(['image', 'use', 'feimage', 'link', 'script', 'tref', 'cursor', 'font-face-uri']);

/** Browsers drop tabs and line breaks inside a URL and spaces around it: so does the check. */
const compact = (url: string) => [...url].filter((c) => c > ' ' && c !== '\u007f').join('');

/** A URL that loads nothing from elsewhere: a fragment, a path of this origin, an inline image. */
export function isLocalUrl(url: string): boolean {
  const value = compact(url);
  if (/^data:image\/(?:png|jpeg|gif|webp|avif);/i.test(value)) return true;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return false;
  return !/^[/\\]{2}/.test(value);
}

/** A link or form target that would run script when followed. */
const isScriptUrl = (url: string) => /^(?:javascript|vbscript|data):/i.test(compact(url));

/** Every `url(…)` of a CSS value names a local image, and no other loading function is used. */
function loadsOnlyLocally(value: string): boolean {
  const text = cssUnescaped(value);
  if (/(?:image-set|image|cross-fade|element|src)\s*\(/i.test(text.replace(/url\s*\(/gi, ''))) return false;
  const targets = [...text.matchAll(/url\s*\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)/gi)];
  const calls = text.match(/url\s*\(/gi)?.length ?? 0;
  return targets.length === calls && targets.every((m) => isLocalUrl(m[1] ?? m[2] ?? m[3] ?? ''));
}

/** CSS without `@import` and without a declaration that loads from elsewhere; '' when it does not parse. */
export function sanitiseCss(css: string): string {
  let root: Root;
  try {
    root = postcss.parse(css);
  } catch {
    return '';
  }
  root.walkAtRules((rule) => {
    if (cssUnescaped(rule.name).toLowerCase() === 'import' || !loadsOnlyLocally(rule.params)) rule.remove();
  });
  root.walkDecls((decl) => {
    if (!loadsOnlyLocally(decl.value) || !loadsOnlyLocally(decl.prop)) decl.remove();
  });
  return root.toString();
}

function cleanAttributes(el: Element): void {
  const tag = el.tagName.toLowerCase();
  el.attrs = el.attrs.flatMap((attr) => {
    const name = attr.name.toLowerCase();
    if (name.startsWith('on') || STRIPPED.has(name)) return [];
    if (name === 'style') return [{ ...attr, value: sanitiseCss(attr.value) }];
    if (LOADED.has(name) || (name === 'href' && LOADING_HREF.has(tag))) return isLocalUrl(attr.value) ? [attr] : [];
    if (isScriptUrl(attr.value) && /(?:href|action|formaction|to|from|values|by)$/.test(name)) return [];
    if (/url\s*\(|\\/i.test(attr.value) && !loadsOnlyLocally(attr.value)) return [];
    return [attr];
  });
}

/** A tag name a page could mean: `<scr<script>` parses as an element named `scr<script`, which is unwrapped. */
const PLAIN_TAG = /^[a-z][a-z0-9._-]*$/i;

function clean(parent: ParentNode): void {
  parent.childNodes = parent.childNodes.flatMap((node: Node): Node[] => {
    if (!('tagName' in node)) return [node];
    const tag = node.tagName.toLowerCase();
    if (DROPPED.has(tag)) return [];
    if (tag === 'meta' && node.attrs.some((a) => a.name.toLowerCase() === 'http-equiv')) return [];
    cleanAttributes(node);
    if (tag === 'style') {
      const css = node.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
      node.childNodes = [];
      defaultTreeAdapter.insertText(node, sanitiseCss(css));
      return [node];
    }
    clean(node);
    if (tag === 'template') clean((node as DefaultTreeAdapterTypes.Template).content);
    if (!PLAIN_TAG.test(node.tagName)) {
      for (const child of node.childNodes) child.parentNode = parent;
      return node.childNodes;
    }
    return [node];
  });
}

/**
 * The page as a script-less browser draws it, with nothing that runs or loads from elsewhere. Parsed
 * without scripting, so `<noscript>` content is markup and is sanitised like the rest.
 */
export function sanitiseThumbnail(html: string): string {
  const doc = parse(html, { scriptingEnabled: false });
  clean(doc);
  return serialize(doc, { scriptingEnabled: false });
}
