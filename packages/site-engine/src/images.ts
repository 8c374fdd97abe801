/**
 * The space's own images (issue 24) as files name them: `images/<name>` (also `./`, `/`, `../`),
 * not inside a longer path or name. The preview swaps them for URLs it can load (ADR 0202).
 */
const REFERENCE = /(?<![\w/.-])(?:\.\.\/|\.\/|\/)*images\/([a-z0-9][a-z0-9_-]*\.[a-z0-9]{2,4})(?![\w.-])/g;

/** Replaces every reference to a known image by its URL; unknown names are left as written. */
export function resolveImageRefs(text: string, urls: Readonly<Record<string, string>>): string {
  if (!Object.keys(urls).length || !text.includes('images/')) return text;
  return text.replace(REFERENCE, (whole, name: string) => (Object.hasOwn(urls, name) ? (urls[name] as string) : whole));
}
