// The decision records' one template and their index (issue 42).
//   node scripts/adr-index.mjs          rewrites every ADR's header block to the template and
//                                       docs/decisions/README.md from them
//   node scripts/adr-index.mjs --check  exits 1, naming the files, when either is out of date
// A header block is the title line and the `- Key: value` lines under it. Relations are read from
// the Status line ("amends 0101 and 0108", "superseded by 0130") and from Amends/Supersedes lines;
// the reverse links (Amended by, Superseded by) are always derived, so an amendment is linked both
// ways without anyone writing it twice.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../docs/decisions');
const SECTIONS = ['Context', 'Decision', 'Consequences'];
const KEYS = ['Status', 'Date', 'Issue', 'Amends', 'Amended by', 'Supersedes', 'Superseded by', 'Note'];
const num = (s) => [...s.matchAll(/\b(\d{4})\b/g)].map((m) => m[1]);

/** Reads one ADR into its parts: number, title, fields, and the body after the header block. */
export function parseAdr(file, text) {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const title = (lines[0] ?? '').replace(/^#\s*\d{4}\s*[.—–-]?\s*/, '').trim();
  const fields = {};
  let i = 1;
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '') continue;
    const m = /^-?\s*([A-Z][a-z]+(?: by)?):\s*(.*)$/.exec(line);
    if (!m || !KEYS.includes(m[1])) break;
    fields[m[1]] = m[2].trim();
  }
  const body = lines.slice(i).join('\n').replace(/\s+$/, '');
  return { file, number: file.slice(0, 4), title, fields, body };
}

/** "(issue 39). Amends 0160 (…)." → "issue 39; Amends 0160 (…)": a leading parenthesis read as a list. */
function unwrap(text) {
  if (!text.startsWith('(')) return text.trim();
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) {
      const after = text
        .slice(i + 1)
        .replace(/^[\s.;]+/, '')
        .trim();
      return [text.slice(1, i), after].filter(Boolean).join('; ');
    }
  }
  return text.trim();
}

/** Splits a free-form status ("accepted (issue 26; amends 0108 and 0109)") into the template's fields. */
function normalise(adr, gitDate) {
  const f = { ...adr.fields };
  const raw = f.Status ?? 'accepted';
  const state = /^superseded/i.test(raw)
    ? (raw.match(/^superseded by \d{4}/i)?.[0] ?? 'superseded')
    : raw.split(/[\s(;.]/)[0].toLowerCase() || 'accepted';
  const rest = unwrap(raw.slice(raw.toLowerCase().indexOf(state.toLowerCase()) + state.length).replace(/^[\s;.]+/, ''));
  const amends = new Set(num(f.Amends ?? ''));
  const supersededBy = new Set(num(f['Superseded by'] ?? ''));
  const notes = [];
  for (const part of rest
    .split(/;\s*|\.\s+/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const date = /^(\d{4}-\d{2}-\d{2})$/.exec(part);
    const issue = /^issues? (\d+)$/i.exec(part);
    if (date) f.Date ??= date[1];
    else if (issue) f.Issue ??= issue[1];
    else if (/^(amends|refines)\b/i.test(part) && num(part).length > 0 && !/\bmethod\b/.test(part)) {
      for (const n of num(part)) amends.add(n);
      const issueIn = /issue (\d+)/i.exec(part);
      if (issueIn) f.Issue ??= issueIn[1];
    } else notes.push(part.replace(/\.$/, ''));
  }
  if (/^superseded by/i.test(state)) for (const n of num(state)) supersededBy.add(n);
  const out = {
    Status: state.replace(/^superseded by.*/i, 'superseded'),
    Date: f.Date && /^\d{4}-\d{2}-\d{2}$/.test(f.Date) ? f.Date : gitDate,
    Issue: f.Issue,
    Amends: [...amends].sort(),
    Supersedes: num(f.Supersedes ?? '').sort(),
    'Superseded by': [...supersededBy].sort(),
    Note: [f.Note, ...notes].filter(Boolean).join('; ') || undefined,
  };
  if (out['Superseded by'].length > 0) out.Status = 'superseded';
  return out;
}

function gitAddedDate(file) {
  try {
    const out = execFileSync('git', ['log', '--diff-filter=A', '--follow', '--format=%ad', '--date=short', '--', file], {
      cwd: dir,
      encoding: 'utf8',
    });
    return out.trim().split('\n').pop() || new Date().toISOString().slice(0, 10);
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}

/** Every ADR in its template form, with the reverse links derived, and the index page. */
export function buildDecisions() {
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}-.*\.md$/.test(f) && !f.startsWith('0000'))
    .sort();
  const adrs = files.map((file) => {
    const adr = parseAdr(file, readFileSync(path.join(dir, file), 'utf8'));
    return { ...adr, meta: normalise(adr, adr.fields.Date ?? gitAddedDate(file)) };
  });
  const byNumber = new Map(adrs.map((a) => [a.number, a]));
  const amendedBy = new Map();
  const supersedes = new Map();
  const push = (map, key, value) => map.set(key, [...new Set([...(map.get(key) ?? []), value])].sort());
  for (const a of adrs) {
    for (const n of a.meta.Amends) push(amendedBy, n, a.number);
    for (const n of a.meta['Superseded by']) push(supersedes, n, a.number);
    for (const n of a.meta.Supersedes) {
      const target = byNumber.get(n);
      if (target) target.meta['Superseded by'] = [...new Set([...target.meta['Superseded by'], a.number])].sort();
    }
  }
  const written = new Map();
  for (const a of adrs) {
    const m = a.meta;
    m['Amended by'] = amendedBy.get(a.number) ?? [];
    m.Supersedes = [...new Set([...m.Supersedes, ...(supersedes.get(a.number) ?? [])])].sort();
    if (m['Superseded by'].length > 0) m.Status = 'superseded';
    const lines = [`# ${a.number}. ${a.title}`, ''];
    for (const key of KEYS) {
      const v = m[key];
      if (v === undefined || (Array.isArray(v) && v.length === 0)) continue;
      lines.push(`- ${key}: ${Array.isArray(v) ? v.join(', ') : v}`);
    }
    written.set(a.file, `${lines.join('\n')}\n\n${a.body}\n`);
  }
  const link = (ns) => ns.map((n) => `[${n}](${byNumber.get(n)?.file ?? ''})`).join(', ');
  const rows = adrs.map((a) => {
    const m = a.meta;
    const rel = [
      m.Amends.length ? `amends ${link(m.Amends)}` : '',
      m['Amended by'].length ? `amended by ${link(m['Amended by'])}` : '',
      m.Supersedes.length ? `supersedes ${link(m.Supersedes)}` : '',
      m['Superseded by'].length ? `superseded by ${link(m['Superseded by'])}` : '',
    ].filter(Boolean);
    return `| [${a.number}](${a.file}) | ${a.title.replace(/\|/g, '\\|')} | ${m.Status} | ${m.Date} | ${rel.join('; ')} |`;
  });
  const index = [
    '# Decisions',
    '',
    'One file per decision, from `0000-template.md`. This index is written by `node scripts/adr-index.mjs`,',
    'which also keeps every header in the template and links amendments both ways (an ADR names what it',
    'amends or supersedes; the other side is derived). `npm test` fails while it is out of date.',
    '',
    '| ADR | title | status | date | relations |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  // One layout for the body too: the template's three sections, in order (findings, measurements and
  // updates may sit between or after them).
  const layout = adrs
    .filter((a) => {
      const heads = [...a.body.matchAll(/^## (.+)$/gm)].map((m) => m[1].trim()).filter((h) => SECTIONS.includes(h));
      return heads.join('|') !== SECTIONS.join('|');
    })
    .map((a) => a.file);
  return { written, index, layout };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const check = process.argv.includes('--check');
  const { written, index, layout } = buildDecisions();
  if (layout.length > 0) {
    console.error(`Not in the template's sections (## ${SECTIONS.join(', ## ')}): ${layout.join(', ')}`);
    if (check) process.exit(1);
  }
  const stale = [];
  for (const [file, text] of [...written, ['README.md', index]]) {
    const target = path.join(dir, file);
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {}
    if (current === text) continue;
    stale.push(file);
    if (!check) writeFileSync(target, text);
  }
  if (check && stale.length > 0) {
    console.error(`Decision records out of date (run node scripts/adr-index.mjs): ${stale.join(', ')}`);
    process.exit(1);
  }
  console.log(check ? 'decision records up to date' : `rewrote ${stale.length} file(s)`);
}
