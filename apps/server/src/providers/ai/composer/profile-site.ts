import { type ProfileEdit, type ProfileFactKey, type ProfileKind, profileFactKeys, type SiteProfile } from '@div/shared/profile';
import type { AiSiteImage } from '../types';
import { analysePrompt, emptyFacts } from './analyse';
import { whatsappDigits } from './brief/contact';
import { allKinds } from './brief/detect';
import { composeSite } from './compose';
import { planFollowUp } from './followup';
import { placeOwnImages } from './own-images';
import { profileOf } from './profile';
import { escapeHtml } from './render-kit';

/**
 * The site profile and the page (issue 37, ADR 0254), both ways:
 *  - `applyProfileEdit`: a fact corrected in the card is written on the page in place, through the
 *    same follow-up handlers a typed request uses ("cambia el teléfono a …"), so every place that
 *    shows it (text, tel:/mailto:/wa.me links, map link, title) changes together;
 *  - `profileAfterFollowUp`: after a follow-up, the facts the page shows that changed are copied
 *    back into the profile.
 * A fact counts as applied only when the page shows the new value afterwards; otherwise it is only
 * stored (for the next generation and a model's context), never half-written.
 */

/** The kinds a person can choose in the card, with their nouns in both languages. */
export function profileKinds(): ProfileKind[] {
  return allKinds.map((k) => ({ id: k.id, es: k.noun[0], en: k.noun[1] }));
}

type SiteFile = { path: string; content: string };
type Fact = 'phone' | 'email' | 'address' | 'hours';
const PAGE_FACTS: readonly Fact[] = ['phone', 'email', 'address', 'hours'];

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

const indexOf = (files: readonly SiteFile[]) => files.find((f) => f.path === 'index.html')?.content ?? '';

/** The first value the page tags as this fact (`data-fact`), decoded. */
function pageFact(html: string, fact: Fact): string | undefined {
  const value = html.match(new RegExp(`data-fact="${fact}">([^<]+)<`))?.[1]?.trim();
  return value ? decode(value) : undefined;
}
const titleOf = (html: string) => decode(html.match(/<title>([^<]*)<\/title>/i)?.[1]?.trim() ?? '');
const langOf = (html: string) => html.match(/<html[^>]*\slang="([a-z]{2})/i)?.[1]?.toLowerCase();
const waDigits = (html: string) => html.match(/https:\/\/wa\.me\/(\d+)/)?.[1];

/** The address as the page shows it: with the city after it when the profile keeps them apart. */
function shownAddress(address: string, city: string | undefined): string {
  return city && !address.toLowerCase().includes(city.toLowerCase()) ? `${address}, ${city}` : address;
}

/** The request a typed follow-up would be for this correction, in the site's language. */
function requestFor(key: ProfileFactKey, value: string, profile: SiteProfile): string | null {
  const es = profile.language === 'es';
  switch (key) {
    case 'name':
      return es ? `cambia el nombre a «${value}»` : `change the name to "${value}"`;
    case 'phone':
      return es ? `cambia el teléfono a ${value}` : `change the phone to ${value}`;
    case 'email':
      return es ? `cambia el correo a ${value}` : `change the email to ${value}`;
    case 'hours':
      return es ? `cambia el horario a «${value}»` : `change the hours to "${value}"`;
    case 'address': {
      const shown = shownAddress(value, profile.city);
      return es ? `cambia la dirección a «${shown}»` : `change the address to "${shown}"`;
    }
    case 'language':
      return value === 'en' ? 'traduce la web al inglés' : 'translate the site to Spanish';
    default:
      return null;
  }
}

/** Whether the page now shows the corrected value (the check that keeps a wrong change out). */
function lands(key: ProfileFactKey, value: string, profile: SiteProfile, html: string): boolean {
  if (key === 'language') return langOf(html) === value;
  if (key === 'address') return html.includes(escapeHtml(shownAddress(value, profile.city)));
  return html.includes(escapeHtml(value));
}

/** A city word by word, never inside another word ("Sevilla" in "Sevillanas"). */
function replaceWord(content: string, from: string, to: string): string {
  const escaped = escapeHtml(from).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return content.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu'), escapeHtml(to));
}

/**
 * Writes the card's corrections on the site. Returns the changed files and which facts the page now
 * shows; kind and the facts the page does not show are left for the caller to store only.
 */
export function applyProfileEdit(
  current: readonly SiteFile[],
  profile: SiteProfile,
  edit: ProfileEdit,
): { changes: Map<string, string>; applied: ProfileFactKey[] } {
  let files = current.map((f) => ({ ...f }));
  const changes = new Map<string, string>();
  const applied: ProfileFactKey[] = [];
  const write = (path: string, content: string) => {
    files = files.map((f) => (f.path === path ? { path, content } : f));
    changes.set(path, content);
  };
  for (const key of profileFactKeys) {
    const value = edit[key]?.trim();
    const before = profile[key];
    if (!value || value === before) continue;
    if (key === 'city') {
      if (!before) continue;
      let changed = false;
      for (const file of files) {
        if (!/\.html?$/i.test(file.path)) continue;
        const next = replaceWord(file.content, before, value);
        if (next !== file.content) {
          write(file.path, next);
          changed = true;
        }
      }
      if (changed) applied.push(key);
      continue;
    }
    if (key === 'whatsapp') {
      const html = indexOf(files);
      if (!waDigits(html)) continue;
      write('index.html', html.replace(/https:\/\/wa\.me\/\d+/g, `https://wa.me/${whatsappDigits(value, profile.language)}`));
      applied.push(key);
      continue;
    }
    // The page shows the address with the city; its own request carries the city the card holds now.
    const request = requestFor(key, value, { ...profile, ...(edit.city ? { city: edit.city } : {}) });
    if (!request) continue;
    const plan = planFollowUp(request, files);
    if (!plan.understood || plan.refused || plan.notDone.length || plan.changes.size === 0) continue;
    const trial = files.map((f) => ({ path: f.path, content: plan.changes.get(f.path) ?? f.content }));
    if (!lands(key, value, { ...profile, ...(edit.city ? { city: edit.city } : {}) }, indexOf(trial))) continue;
    for (const [path, content] of plan.changes) write(path, content);
    applied.push(key);
  }
  return { changes, applied };
}

/**
 * The profile after a follow-up: each fact the page shows (its `data-fact` text, the name in the
 * title, the language, the WhatsApp link) that the follow-up changed is copied back, and no longer
 * marked uncertain (the person named it). Facts the page does not tag stay as they were.
 */
export function profileAfterFollowUp(profile: SiteProfile, before: readonly SiteFile[], after: readonly SiteFile[]): SiteProfile {
  const [was, now] = [indexOf(before), indexOf(after)];
  if (!was || !now || was === now) return profile;
  const next: SiteProfile = { ...profile };
  const changed: ProfileFactKey[] = [];
  for (const fact of PAGE_FACTS) {
    const [old, value] = [pageFact(was, fact), pageFact(now, fact)];
    if (!value || value === old) continue;
    let stored = value;
    // The page shows "street, city": the profile keeps the street and the city apart.
    if (fact === 'address' && profile.city && value.endsWith(`, ${profile.city}`))
      stored = value.slice(0, -profile.city.length - 2);
    if (fact === 'phone' && profile.whatsapp && profile.whatsapp === profile.phone) next.whatsapp = stored;
    next[fact] = stored;
    changed.push(fact);
  }
  const [oldTitle, newTitle] = [titleOf(was), titleOf(now)];
  const at = profile.name ? oldTitle.indexOf(profile.name) : -1;
  if (at >= 0 && oldTitle !== newTitle && !newTitle.includes(profile.name)) {
    const [pre, post] = [oldTitle.slice(0, at), oldTitle.slice(at + profile.name.length)];
    if (newTitle.startsWith(pre) && newTitle.endsWith(post)) {
      const name = newTitle.slice(pre.length, newTitle.length - post.length).trim();
      if (name) {
        next.name = name;
        changed.push('name');
      }
    }
  }
  const [oldLang, newLang] = [langOf(was), langOf(now)];
  if (oldLang !== newLang && (newLang === 'es' || newLang === 'en')) {
    next.language = newLang;
    changed.push('language');
  }
  if (!changed.length) return profile;
  next.uncertain = profile.uncertain.filter((key) => !changed.includes(key));
  return next;
}

/** Whether the page is the composer's own (its body names the kind), so it can be composed again. */
export function isComposedSite(files: readonly SiteFile[]): boolean {
  return /<body[^>]*\sdata-kind="/i.test(indexOf(files));
}

/**
 * A kind chosen in the card: the site composed again from the first brief with that kind (its
 * layout, sections, vocabulary and design family), and with the profile's facts as corrected.
 * Files the composer does not write (pages added later) are kept; the version before stays in the
 * history. Returns the changed files, the facts the page now shows, and the profile of the new site.
 */
export function recomposeWithKind(
  current: readonly SiteFile[],
  briefText: string,
  profile: SiteProfile,
  changed: readonly ProfileFactKey[],
  images: readonly AiSiteImage[] = [],
): { changes: Map<string, string>; applied: ProfileFactKey[]; profile: SiteProfile } {
  const brief = analysePrompt(briefText, { kindId: profile.kind });
  const facts = { ...emptyFacts(), ...brief.facts };
  for (const key of ['city', 'address', 'phone', 'email', 'hours'] as const) {
    if (profile[key]) facts[key] = profile[key];
    else delete facts[key];
  }
  const next = { ...brief, name: profile.name || brief.name, language: profile.language, facts };
  const composed = placeOwnImages(composeSite(next), images);
  const changes = new Map<string, string>();
  for (const file of composed) {
    if (current.find((f) => f.path === file.path)?.content !== file.content) changes.set(file.path, file.content);
  }
  const html = composed.find((f) => f.path === 'index.html')?.content ?? '';
  const applied = changed.filter(
    (key) => key === 'kind' || (profile[key] ? lands(key, String(profile[key]), profile, html) : false),
  );
  const read = profileOf(next);
  // What the person wrote is no longer a guess; what the new layout reads with doubt still is.
  const uncertain = read.uncertain.filter((key) => !changed.includes(key));
  const whatsapp = profile.whatsapp ?? read.whatsapp;
  return { changes, applied, profile: { ...read, ...(whatsapp ? { whatsapp } : {}), uncertain } };
}
