import { familyById, HERO_VARIANTS } from './choose';
import { families } from './families.data';
import { familyStyles, familyTokens, variantOn } from './family-css';
import { FONTS_PATH, renderFonts } from './fonts';
import type { DesignFamily } from './types';

/**
 * "Cambiar diseño" (issue 38, ADR 0257): the same content in another design family. The markup of a
 * composed site is the same in every family (layouts.data.ts), so a change of family rewrites the
 * stylesheets alone: the tokens on :root (the brand colours kept), the family's own block, fonts.css
 * and the body's `design-…` class. A site a model wrote gets its own stylesheet variables restyled
 * where it uses the same names, and the family's typefaces.
 */

export interface SiteFile {
  path: string;
  content: string;
}

const BRAND = /--color-(primary|accent):\s*(#[0-9a-f]{6})\b/gi;
const DESIGN_MARK = /\/\* Design: [^(]*\(([a-z-]+)\) \*\//;

/** The family a site wears: its stylesheet's mark, or its body class. Undefined for other sites. */
export function siteFamily(files: readonly SiteFile[]): DesignFamily | undefined {
  const css = files.find((f) => f.path === 'style.css')?.content ?? '';
  const marked = DESIGN_MARK.exec(css)?.[1];
  if (marked) return familyById(marked);
  const html = files.find((f) => /\.html?$/i.test(f.path))?.content ?? '';
  return familyById(/<body[^>]*\sclass="[^"]*\bdesign-([a-z-]+)/.exec(html)?.[1]);
}

/** The site's brand colours as its stylesheet declares them (the first declaration of each). */
function brandOf(css: string): { primary: string; accent: string } {
  const found: Record<string, string> = {};
  for (const m of css.matchAll(BRAND)) found[(m[1] as string).toLowerCase()] ??= (m[2] as string).toLowerCase();
  const primary = found.primary ?? '#2563eb';
  return { primary, accent: found.accent ?? primary };
}

/** Each declaration `--name: value;` of `css` whose name the new tokens set takes the new value. */
function retoken(css: string, tokens: string[]): { css: string; count: number } {
  const values = new Map(
    tokens.map((line) => {
      const m = /^\s*(--[\w-]+):\s*(.*);$/.exec(line) as RegExpExecArray;
      return [m[1] as string, m[2] as string];
    }),
  );
  let count = 0;
  const out = css.replace(/(^|[{;\s])(--[\w-]+)(\s*:\s*)([^;}]*)(?=[;}])/g, (all, lead: string, name: string, colon: string) => {
    const value = values.get(name);
    if (value === undefined) return all;
    count++;
    return `${lead}${name}${colon}${value}`;
  });
  return { css: out, count };
}

/**
 * The site's files in `target`'s design, or null when the site has nothing to restyle (no design
 * family and none of the design tokens). The files that do not change are returned as they are.
 */
export function restyleSite(files: readonly SiteFile[], target: DesignFamily): SiteFile[] | null {
  const css = files.find((f) => f.path === 'style.css');
  if (!css) return null;
  const current = siteFamily(files);
  const tokens = familyTokens(target, brandOf(css.content));
  const { css: retokened, count } = retoken(css.content, tokens);
  if (!current && count < 3) return null;
  let style = retokened;
  if (current) {
    // The site's hero arrangement is kept where the new family's hero takes it.
    const variant = HERO_VARIANTS.find((v) => variantOn(current, v) === v && style.includes(familyStyles(current, v))) ?? 'base';
    const block = familyStyles(current, variant);
    const next = familyStyles(target, variant);
    style = style.includes(block) ? style.replace(block, next) : `${style}\n${next}`;
  }
  const hasFonts = files.some((f) => f.path === FONTS_PATH);
  const out = files.map((file) => {
    if (file === css) return { ...file, content: style };
    if (file.path === FONTS_PATH) return { ...file, content: renderFonts(target) };
    if (!/\.html?$/i.test(file.path)) return file;
    let html = file.content.replace(/(<body[^>]*\sclass="[^"]*\b)design-[a-z-]+/, `$1design-${target.id}`);
    // A model's site gets the family's typefaces beside its stylesheet.
    if (!/href="fonts\.css"/.test(html))
      html = html.replace(
        /(\s*)<link rel="stylesheet" href="style\.css">/,
        '$1<link rel="stylesheet" href="fonts.css" data-fonts>$&',
      );
    return { ...file, content: html };
  });
  if (!hasFonts) out.push({ path: FONTS_PATH, content: renderFonts(target) });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Style follow-ups: "más elegante", "oscuro", "minimalista", "más moderno" move between families.

interface StyleMove {
  /** The request's words (a regular expression's alternatives). */
  words: string;
  /** Where it leads, in order of preference; the first that is not the current family is taken. */
  to: (current: DesignFamily) => string[];
  es: string;
  en: string;
}

const DARK_OF: Record<string, string> = {
  atelier: 'noir',
  trattoria: 'noir',
  botanica: 'noir',
  gazette: 'noir',
  poster: 'forge',
};
const LIGHT_OF: Record<string, string> = { noir: 'atelier', neon: 'grotesk', forge: 'poster' };

export const styleMoves: StyleMove[] = [
  {
    words: 'oscur[oa]|dark|negr[oa]|nocturn[oa]',
    to: (c) => (c.dark ? families.filter((f) => f.dark).map((f) => f.id) : [DARK_OF[c.id] ?? 'neon', 'neon', 'noir']),
    es: 'oscuro',
    en: 'dark',
  },
  {
    words: 'clar[oa]|light|luminos[oa]|blanc[oa]|bright',
    to: (c) => [LIGHT_OF[c.id] ?? 'studio', 'studio', 'atelier'],
    es: 'claro',
    en: 'light',
  },
  {
    words: 'elegante|elegant|sofisticad[oa]|sophisticated|lujos[oa]|luxurious|refinad[oa]|refined|cl[aá]sic[oa]|classic',
    to: (c) => (c.dark ? ['noir', 'atelier'] : ['atelier', 'gazette']),
    es: 'más elegante',
    en: 'more elegant',
  },
  {
    words: 'minimalista|minimal|sobri[oa]|limpi[oa]|clean|simple|sencill[oa]',
    to: () => ['studio', 'gazette'],
    es: 'minimalista',
    en: 'minimal',
  },
  {
    words: 'modern[oa]|modern|actual|tecnol[oó]gic[oa]|techy|fresc[oa]|fresh',
    to: () => ['grotesk', 'signal'],
    es: 'más moderno',
    en: 'more modern',
  },
  {
    words: 'divertid[oa]|fun|alegre|cheerful|desenfadad[oa]|playful|colorid[oa]|colou?rful',
    to: () => ['playground', 'trattoria'],
    es: 'más alegre',
    en: 'more playful',
  },
  {
    words: 'natural|org[aá]nic[oa]|organic|c[aá]lid[oa]|warm|acogedor[oa]|cosy|cozy',
    to: () => ['botanica', 'trattoria'],
    es: 'más natural',
    en: 'more natural',
  },
  {
    words: 'profesional|professional|seri[oa]|serious|corporativ[oa]|corporate|formal',
    to: () => ['clinic', 'gazette'],
    es: 'más profesional',
    en: 'more professional',
  },
  {
    words: 'atrevid[oa]|bold|impactante|striking|llamativ[oa]|potente|powerful|urban[oa]',
    to: () => ['poster', 'forge'],
    es: 'más atrevido',
    en: 'bolder',
  },
  {
    words: 'contraste|contrast|legible|readable|accesible|accessible',
    to: () => ['signal'],
    es: 'de alto contraste',
    en: 'high-contrast',
  },
];

/** The family a style request leads to from `current`, with what it was understood as; null when it asks for no style. */
export function styleMoveFor(clause: string, current: DesignFamily): { family: DesignFamily; move: StyleMove } | null {
  for (const move of styleMoves) {
    if (!styleAsked(clause, move.words)) continue;
    const id = move.to(current).find((candidate) => candidate !== current.id) ?? move.to(current)[0];
    const family = familyById(id);
    if (family) return { family, move };
  }
  return null;
}

/**
 * Whether the clause asks for a look, not a colour or a text: "más elegante", "hazla oscura",
 * "estilo minimalista", "modo oscuro", or the words alone ("minimalista", "oscuro").
 */
function styleAsked(clause: string, words: string): boolean {
  const w = `(?:${words})`;
  const text = clause
    .trim()
    .replace(/[.!¡¿?]+/g, '')
    .trim();
  // The request is the look alone ("hazlo más moderno con animaciones" asks for more than a family).
  const end = '(?: (?:por favor|porfa|please))?$';
  const patterns = [
    `^(?:(?:la |el )?(?:web|p[aá]gina|sitio|dise[nñ]o|site|page|design|it) )?(?:m[aá]s |more |menos |less |un poco m[aá]s |a bit more )?${w}${end}`,
    `(?:m[aá]s|more|menos|less) ${w}${end}`,
    `(?:hazl[ao]|hacerl[ao]|ponl[ao]|d[eé]jal[ao]|make it|make the (?:site|page|design)|que sea|que se vea|quiero (?:algo|una web|un dise[nñ]o|un estilo|la web)|look|style|theme|mode)(?: \\S+){0,2} ${w}${end}`,
    `(?:estilo|dise[nñ]o|aspecto|look|tema|modo|versi[oó]n|apariencia)(?: \\S+)? ${w}${end}`,
    `${w} (?:style|theme|mode|look|design|version)${end}`,
  ];
  return patterns.some((p) => new RegExp(p, 'iu').test(text));
}
