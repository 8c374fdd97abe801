import { type CheckRule, checkRules, type ReviewNote } from '@div/shared/checks';
import type { FileInput } from '@div/shared/spaces';
import { leastMoveTo } from './colours';
import { contrastProblems, sheetsOf } from './css-rules';
import { applyEdits, type TextEdit } from './edits';
import { fixAlt, fixAnchors, fixDuplicateIds, fixHead, fixHeadings, fixInsecure, fixLabels, fixPlaceholders } from './fix-html';
import { type CheckInput, langOf, readSite, type Site, textOf } from './site';

/** Rounds of contrast repair: moving a shared colour for one pair can leave another short. */
const CONTRAST_ROUNDS = 4;

/**
 * Applies the deterministic fixes of `rules` (all by default) to a site's files (issue 40).
 * Returns the files (unchanged ones as they were) and the notes of what a person should check.
 */
export function fixSite(
  input: CheckInput,
  rules: readonly CheckRule[] = checkRules,
): { files: FileInput[]; review: ReviewNote[] } {
  const wanted = new Set(rules);
  const review: ReviewNote[] = [];
  let files = [...input.files];
  const site = readSite({ ...input, files });
  const language = siteLanguage(site);
  const siteName = siteNameOf(site);
  const edited = new Map<string, string>();
  for (const page of site.pages) {
    const ctx = { site, page, rules: wanted, language, siteName, edits: [] as TextEdit[], review };
    fixHead(ctx);
    fixAlt(ctx);
    fixAnchors(ctx);
    fixDuplicateIds(ctx);
    fixHeadings(ctx);
    fixLabels(ctx);
    fixPlaceholders(ctx);
    fixInsecure(ctx);
    if (ctx.edits.length) edited.set(page.path, applyEdits(page.html, ctx.edits));
  }
  files = files.map((f) => (edited.has(f.path) ? { path: f.path, content: edited.get(f.path) as string } : f));
  if (wanted.has('contrast')) files = fixContrast({ ...input, files });
  return { files, review };
}

function fixContrast(input: CheckInput): FileInput[] {
  let files = [...input.files];
  for (let round = 0; round < CONTRAST_ROUNDS; round++) {
    const problems = contrastProblems(sheetsOf(readSite({ ...input, files })));
    if (!problems.length) break;
    const edits = new Map<string, TextEdit[]>();
    const done = new Set<unknown>();
    for (const problem of problems) {
      const { decl, sheet } = problem.source;
      if (done.has(decl)) continue;
      done.add(decl);
      const start = sheet.base + (decl.source?.start?.offset ?? 0);
      const end = sheet.base + (decl.source?.end?.offset ?? 0);
      const written = sheet.fileText.slice(start, end);
      const at = written.lastIndexOf(decl.value);
      if (at === -1) continue;
      const moved = leastMoveTo(problem.foreground, problem.background);
      const list = edits.get(sheet.file) ?? [];
      list.push({ start: start + at, end: start + at + decl.value.length, text: moved });
      edits.set(sheet.file, list);
    }
    files = files.map((f) => (edits.has(f.path) ? { path: f.path, content: applyEdits(f.content, edits.get(f.path) ?? []) } : f));
  }
  return files;
}

const SPANISH = /\b(el|la|los|las|de|del|que|y|en|con|para|por|una|nuestro|nuestra|somos|horario|contacto)\b/gi;
const ENGLISH = /\b(the|and|of|to|with|for|our|we|are|your|about|contact|hours)\b/gi;

/** The language the site's other pages declare, else the one its text reads in (Spanish by default). */
export function siteLanguage(site: Site): string {
  const declared = site.pages.map(langOf).filter((l): l is string => Boolean(l));
  if (declared.length) {
    const counts = new Map<string, number>();
    for (const l of declared) counts.set(l, (counts.get(l) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'es';
  }
  const text = site.pages.map((p) => textOf(p.document)).join(' ');
  return (text.match(ENGLISH)?.length ?? 0) > (text.match(SPANISH)?.length ?? 0) ? 'en' : 'es';
}

/** The home page's title, else its heading. */
function siteNameOf(site: Site): string {
  const home = site.pages.find((p) => p.path === 'index.html') ?? site.pages[0];
  if (!home) return '';
  const title = home.all.find((e) => e.tagName === 'title');
  const h1 = home.all.find((e) => e.tagName === 'h1');
  return (title ? textOf(title) : '') || (h1 ? textOf(h1) : '');
}
