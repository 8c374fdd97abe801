import type { DefaultTreeAdapterTypes } from 'parse5';

/*
 * Small helpers over parse5's tree, for the deploy's rewrites of published pages (forms, images).
 */
export type HtmlNode = DefaultTreeAdapterTypes.Node;
export type HtmlElement = DefaultTreeAdapterTypes.Element;

/** An attribute's value, or undefined when the element has none. */
export const attr = (el: HtmlElement, name: string) => el.attrs.find((a) => a.name === name)?.value;
/** A value fit for a double-quoted attribute. */
export const escapeAttr = (v: string) => v.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** Every element under `node` in document order, template contents included. */
export function* elements(node: HtmlNode): Generator<HtmlElement> {
  if ('tagName' in node) yield node;
  if ('childNodes' in node) for (const child of node.childNodes) yield* elements(child);
  if ('content' in node && node.content) yield* elements(node.content as HtmlNode);
}
