import type { ProfileListKey, SiteProfile } from '@div/shared/profile';
import type { AiSiteImage } from '../types';
import { analysePrompt, emptyFacts, type SiteBrief } from './analyse';
import { composeSite } from './compose';
import { placeOwnImages } from './own-images';

/**
 * The card's lists on the page (issue 37, ADR 0271): items with prices, services and people edited
 * in "Lo que entendí" (a row added, changed or removed) are written on the site in place, section by
 * section. The composer renders the site twice from the first brief with the profile's facts — once
 * with the stored lists, once with the edited ones — and the sections that differ between the two
 * are the ones the edit touches. Each such section replaces the page's own only when the page still
 * shows it exactly as composed; a section the person changed since (a follow-up, the code editor),
 * or one the page does not have, keeps the whole edit to the stored profile, never half-written.
 */

type SiteFile = { path: string; content: string };
export type ProfileLists = Pick<SiteProfile, ProfileListKey>;

const indexOf = (files: readonly SiteFile[]) => files.find((f) => f.path === 'index.html')?.content ?? '';

/** The blocks of a page by their `data-section`: from the opening line to its closing tag at the same indent. */
export function sectionBlocks(html: string): Map<string, { start: number; end: number; text: string }> {
  const lines = html.split('\n');
  const blocks = new Map<string, { start: number; end: number; text: string }>();
  for (let i = 0; i < lines.length; i++) {
    const open = lines[i]?.match(/^(\s*)<(section|header|footer|div)\b[^>]*\sdata-section="([^"]+)"/);
    if (!open) continue;
    const [, indent = '', tag = '', id = ''] = open;
    const close = lines.findIndex((l, j) => j > i && l.startsWith(`${indent}</${tag}>`));
    if (close < 0 || blocks.has(id)) continue;
    blocks.set(id, { start: i, end: close, text: lines.slice(i, close + 1).join('\n') });
  }
  return blocks;
}

/**
 * The brief's facts with the profile's lists, split back into the composer's own lists: a service
 * the brief listed as a product stays a product, a person stays a speaker where the brief had only
 * speakers; new rows join the list the brief used.
 */
function briefWith(base: SiteBrief, profile: SiteProfile, lists: ProfileLists): SiteBrief {
  const facts = { ...emptyFacts(), ...base.facts };
  for (const key of ['city', 'address', 'phone', 'email', 'hours'] as const) {
    if (profile[key]) facts[key] = profile[key];
    else delete facts[key];
  }
  facts.prices = lists.items.map((i) => ({ label: i.label, price: i.price ?? '' }));
  const products = new Set(base.facts?.items ?? []);
  const newToProducts = products.size > 0 && !(base.facts?.services ?? []).length;
  facts.items = lists.services.filter((s) => products.has(s) || (newToProducts && !facts.services.includes(s)));
  facts.services = lists.services.filter((s) => !facts.items.includes(s));
  const onStage = (base.facts?.speakers ?? []).length > 0 && !(base.facts?.team ?? []).length;
  const people = lists.people.map((p) => (p.role ? { name: p.name, role: p.role } : { name: p.name }));
  facts.team = onStage ? [] : people;
  facts.speakers = onStage ? people : [];
  return { ...base, name: profile.name || base.name, language: profile.language, facts };
}

/** Whether two lists hold the same rows in the same order. */
export function sameLists(a: ProfileLists, b: ProfileLists): boolean {
  return JSON.stringify([a.items, a.services, a.people]) === JSON.stringify([b.items, b.services, b.people]);
}

/**
 * Writes edited lists on the page. `applied` is true when every section the edit touches was
 * replaced in place; otherwise no file changes (the caller stores the lists for the next generation).
 */
export function applyListEdit(
  current: readonly SiteFile[],
  briefText: string,
  profile: SiteProfile,
  lists: ProfileLists,
  images: readonly AiSiteImage[] = [],
): { changes: Map<string, string>; applied: boolean } {
  const none = { changes: new Map<string, string>(), applied: false };
  const page = indexOf(current);
  if (!page || !briefText) return none;
  const base = analysePrompt(briefText, { kindId: profile.kind });
  const render = (l: ProfileLists) => indexOf(placeOwnImages(composeSite(briefWith(base, profile, l)), images));
  const [was, now] = [sectionBlocks(render(profile)), sectionBlocks(render(lists))];
  const shown = sectionBlocks(page);
  const touched = [...new Set([...was.keys(), ...now.keys()])].filter((id) => was.get(id)?.text !== now.get(id)?.text);
  if (touched.length === 0) return none;
  const lines = page.split('\n');
  const replacements: { start: number; end: number; text: string }[] = [];
  for (const id of touched) {
    const [before, after, onPage] = [was.get(id), now.get(id), shown.get(id)];
    // A section the edit adds or removes, or one changed on the page since: not written in place.
    if (!before || !after || !onPage || onPage.text !== before.text) return none;
    replacements.push({ start: onPage.start, end: onPage.end, text: after.text });
  }
  for (const r of replacements.sort((a, b) => b.start - a.start)) lines.splice(r.start, r.end - r.start + 1, r.text);
  return { changes: new Map([['index.html', lines.join('\n')]]), applied: true };
}
