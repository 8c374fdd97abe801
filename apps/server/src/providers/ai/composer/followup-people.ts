import type { Language } from './analyse';
import { type Files, type FollowUpResult, t, write } from './followup-kit';
import { escapeHtml } from './render-kit';

/**
 * A person added to the team (issue 37, ADR 0271): "añade a la profesora Ana Ruiz", "add my sister
 * Kate Moss as head chef", "pon a Leo Díaz como camarero". The name is two or three capitalised
 * words; the role is what follows "como"/"as", else the noun before the name ("profesora"). The new
 * card is a copy of the page's last team card, so it looks like its neighbours; without a team
 * section the request is left to other handlers (a section is not invented for one person).
 */

type Handler = (files: Files, clause: string, lang: Language, out: FollowUpResult) => boolean;

const PERSON = new RegExp(
  [
    String.raw`^(?:(?:por favor|porfa|pls|please)\s+)?`,
    String.raw`(?:a[nñ]ad[a-zé]*|agreg[a-zá]*|inclu[a-zy]*|pon|poned|ponga|pongan|mete|met[eé]|add|include|put)\s+`,
    String.raw`(?:(?:tb|tambi[eé]n|also)\s+)?(?:a\s+|al\s+)?(?:(?:la|el|los|las|nuestr[oa]|mi|my|our|the)\s+)?`,
    String.raw`(?:([\p{Ll}][\p{Ll}]+(?:\s+[\p{Ll}]+)?)\s+)?`,
    String.raw`(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,2})`,
    String.raw`(?:\s*,?\s*(?:como|as|de)\s+(?:(?:el|la|un|una|a|an|our|nuestr[oa]|new|nuevo|nueva)\s+)?([^,.!;()]{2,40}?))?`,
    String.raw`(?=\s*(?:[,.!;(]|$|\s(?:que|who|he|she|y|and)\s))`,
  ].join(''),
  'u',
);
/** Words before a name that are not a role ("mi hermano", "my brother"). */
const KIN =
  /^(?:herman[oa]|hij[oa]|prim[oa]|sobrin[oa]|mujer|marido|espos[oa]|pareja|socio|socia|amig[oa]|brother|sister|son|daughter|cousin|wife|husband|partner|friend|nuevo|nueva|new)$/iu;

const initials = (name: string) =>
  name
    .split(/\s+/u)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

export const addPerson: Handler = (files, clause, lang, out) => {
  const m = clause.trim().match(PERSON);
  const name = m?.[2]?.trim();
  if (!m || !name) return false;
  const before = m[1]?.trim() ?? '';
  const role = (m[3]?.trim() || (before && !KIN.test(before) ? before : '')).trim();
  const page = files.get('index.html') ?? '';
  const lines = page.split('\n');
  const start = lines.findIndex((l) => /data-section="(?:team|speakers)"/.test(l));
  if (start < 0) return false;
  const end = lines.findIndex((l, i) => i > start && /<\/section>/.test(l));
  const last = lines.slice(start, end).findLastIndex((l) => /<article class="member\b/.test(l));
  if (last < 0) return false;
  const open = start + last;
  const close = lines.findIndex((l, i) => i > open && /<\/article>/.test(l));
  if (close < 0 || page.includes(`<h3>${escapeHtml(name)}</h3>`)) return false;
  out.understood = true;
  const copy = lines
    .slice(open, close + 1)
    .filter((l) => role || !/class="meta"/.test(l))
    .filter((l) => !/<img\b/.test(l))
    .map((l) =>
      l
        .replace(/(<span class="avatar[^"]*" aria-hidden="true">)[^<]*</, `$1${initials(name)}<`)
        .replace(/<h3>[^<]*<\/h3>/, `<h3>${escapeHtml(name)}</h3>`)
        .replace(/(<p class="meta">)[^<]*</, `$1${escapeHtml(role)}<`),
    );
  write(files, out, 'index.html', [...lines.slice(0, close + 1), ...copy, ...lines.slice(close + 1)].join('\n'));
  out.messages.push(
    t(
      lang,
      `He añadido a ${name}${role ? ` (${role})` : ''} al equipo.`,
      `I added ${name}${role ? ` (${role})` : ''} to the team.`,
    ),
  );
  return true;
};
