import type { Finding } from '@div/shared/checks';
import postcss, { type Declaration, type Root, type Rule } from 'postcss';
import { attr } from '../../lib/html-elements';
import { backgroundColour, contrast, solidColour } from './colours';
import { finding, isExternal, lineAt, ownImageName, resolveSiteUrl, type Site } from './site';

/*
 * Stylesheets: `url()` references that exist, and text colours against their backgrounds (WCAG AA,
 * 4.5:1) in the light theme and, where the site has one, the dark theme. Read with postcss, from the
 * site's .css files and the pages' <style> blocks.
 */

export interface Sheet {
  file: string;
  /** Where the sheet's text starts in its file (a <style> block's content), for lines and edits. */
  base: number;
  text: string;
  /** The whole file the sheet is in. */
  fileText: string;
  root: Root;
}

export function sheetsOf(site: Site): Sheet[] {
  const sheets: Sheet[] = [];
  const add = (file: string, base: number, text: string, fileText: string) => {
    try {
      sheets.push({ file, base, text, fileText, root: postcss.parse(text) });
    } catch {
      // A stylesheet postcss cannot read is html-validate's or the browser's to report, not ours.
    }
  };
  for (const style of site.styles) add(style.path, 0, style.content, style.content);
  for (const page of site.pages) {
    for (const el of page.all) {
      const location = el.sourceCodeLocation;
      if (el.tagName !== 'style' || !location?.startTag || !location.endTag) continue;
      add(
        page.path,
        location.startTag.endOffset,
        page.html.slice(location.startTag.endOffset, location.endTag.startOffset),
        page.html,
      );
    }
  }
  return sheets;
}

/** Where a declaration starts in its file. */
export const declAt = (sheet: Sheet, decl: Declaration) => lineAt(sheet.fileText, sheet.base + (decl.source?.start?.offset ?? 0));

export function checkCssUrls(site: Site, sheets: Sheet[], out: Finding[]): void {
  for (const sheet of sheets) {
    sheet.root.walkDecls((decl) => {
      for (const match of decl.value.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/gi)) {
        const url = (match[2] ?? '').trim();
        if (!url || isExternal(url) || url.startsWith('data:') || url.startsWith('#')) continue;
        const own = ownImageName(url);
        const exists = own !== undefined ? site.images.has(own) : resolveSiteUrl(site, sheet.file, url) !== null;
        if (exists) continue;
        out.push(
          finding('missing-css-image', 'error', sheet.file, declAt(sheet, decl), {
            es: `La hoja de estilos usa «${url}», que no existe: súbela en Imágenes o quita la referencia.`,
            en: `The stylesheet uses “${url}”, which does not exist: upload it under Images or remove the reference.`,
          }),
        );
      }
    });
  }
}

export type Theme = 'light' | 'dark';

const DARK_MEDIA = /prefers-color-scheme\s*:\s*dark/i;
const DARK_SELECTOR = /\[data-theme=["']?dark["']?\]|\.dark\b|\[data-mode=["']?dark["']?\]/i;
const ROOTISH = /^(:root|html|body)(\[[^\]]+\]|\.[\w-]+)*$/;

const inDarkMedia = (rule: Rule) => {
  for (let p: { type: string; parent?: unknown } | undefined = rule.parent; p; p = p.parent as typeof p) {
    if (p.type === 'atrule' && DARK_MEDIA.test((p as unknown as { params: string }).params)) return true;
  }
  return false;
};
const themeOf = (rule: Rule): Theme | 'both' => (inDarkMedia(rule) || DARK_SELECTOR.test(rule.selector) ? 'dark' : 'both');

/** A custom property's value in a theme, and where it is written. */
export interface VarDef {
  value: string;
  decl: Declaration;
  sheet: Sheet;
}

export function customProperties(sheets: Sheet[]): Record<Theme, Map<string, VarDef>> {
  const light = new Map<string, VarDef>();
  const dark = new Map<string, VarDef>();
  for (const sheet of sheets) {
    sheet.root.walkRules((rule) => {
      const rootish = rule.selectors.every((s) => ROOTISH.test(s.trim().replace(/\s+/g, '')) || DARK_SELECTOR.test(s));
      if (!rootish) return;
      const theme = themeOf(rule);
      rule.walkDecls(/^--/, (decl) => {
        const def = { value: decl.value, decl, sheet };
        if (theme === 'both') light.set(decl.prop, def);
        else dark.set(decl.prop, def);
      });
    });
  }
  return { light, dark: new Map([...light, ...dark]) };
}

/** A value with its var() resolved in a theme; `via` is the last custom property it went through. */
export function resolveVar(value: string, vars: Map<string, VarDef>, depth = 0): { value: string; via?: VarDef } {
  const match = /^\s*var\(\s*(--[\w-]+)\s*(?:,\s*(.+))?\)\s*$/.exec(value);
  if (!match || depth > 8) return { value };
  const def = vars.get(match[1] as string);
  if (!def) return match[2] ? resolveVar(match[2], vars, depth + 1) : { value: '' };
  const inner = resolveVar(def.value, vars, depth + 1);
  return { value: inner.value, via: inner.via ?? def };
}

/** One text colour on one background that falls short of 4.5:1. */
export interface ContrastProblem {
  sheet: Sheet;
  rule: Rule;
  theme: Theme;
  /** The `color` declaration. */
  decl: Declaration;
  foreground: string;
  background: string;
  ratio: number;
  /** Where the foreground colour is written: a custom property's definition, or the declaration. */
  source: VarDef | { decl: Declaration; sheet: Sheet };
}

export const AA_RATIO = 4.5;

export function contrastProblems(sheets: Sheet[]): ContrastProblem[] {
  const vars = customProperties(sheets);
  const hasDark = sheets.some((s) => {
    let found = false;
    s.root.walkRules((rule) => {
      if (themeOf(rule) === 'dark') found = true;
    });
    return found;
  });
  const problems: ContrastProblem[] = [];
  for (const sheet of sheets) {
    sheet.root.walkRules((rule) => {
      if (rule.parent?.type === 'atrule' && /keyframes/i.test((rule.parent as { name: string }).name)) return;
      const own = rule.nodes.filter((n): n is Declaration => n.type === 'decl');
      const color = own.findLast((d) => d.prop === 'color');
      const back = own.findLast((d) => d.prop === 'background-color' || d.prop === 'background');
      if (!color || !back) return;
      const ruleTheme = themeOf(rule);
      const themes: Theme[] = ruleTheme === 'dark' ? ['dark'] : hasDark ? ['light', 'dark'] : ['light'];
      for (const theme of themes) {
        const fg = resolveVar(color.value, vars[theme]);
        const bg = resolveVar(back.value, vars[theme]);
        const foreground = solidColour(fg.value);
        const background = back.prop === 'background' ? backgroundColour(bg.value) : solidColour(bg.value);
        if (!foreground || !background) continue;
        const ratio = contrast(foreground, background);
        if (ratio >= AA_RATIO) continue;
        problems.push({
          sheet,
          rule,
          theme,
          decl: color,
          foreground,
          background,
          ratio,
          source: fg.via ?? { decl: color, sheet },
        });
      }
    });
  }
  return problems;
}

export function checkContrast(sheets: Sheet[], out: Finding[]): void {
  for (const problem of contrastProblems(sheets)) {
    const ratio = problem.ratio.toFixed(2);
    const dark = problem.theme === 'dark';
    out.push(
      finding(
        'contrast',
        'error',
        problem.sheet.file,
        declAt(problem.sheet, problem.decl),
        {
          es: `Contraste insuficiente en «${problem.rule.selector}»${dark ? ' (modo oscuro)' : ''}: ${problem.foreground} sobre ${problem.background} da ${ratio}:1 y AA pide 4,5:1.`,
          en: `Not enough contrast in “${problem.rule.selector}”${dark ? ' (dark mode)' : ''}: ${problem.foreground} on ${problem.background} is ${ratio}:1 and AA asks for 4.5:1.`,
        },
        true,
      ),
    );
  }
}

/** `style="…"` attributes' url() references, checked like a stylesheet's. */
export function checkInlineStyleUrls(site: Site, out: Finding[]): void {
  for (const page of site.pages) {
    for (const el of page.all) {
      const style = attr(el, 'style');
      if (!style || !/url\(/i.test(style)) continue;
      for (const match of style.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/gi)) {
        const url = (match[2] ?? '').trim();
        if (!url || isExternal(url) || url.startsWith('data:')) continue;
        const own = ownImageName(url);
        const exists = own !== undefined ? site.images.has(own) : resolveSiteUrl(site, page.path, url) !== null;
        if (exists) continue;
        const location = el.sourceCodeLocation?.attrs?.style;
        out.push(
          finding(
            'missing-css-image',
            'error',
            page.path,
            location ? { line: location.startLine, column: location.startCol } : undefined,
            {
              es: `El estilo de un elemento usa «${url}», que no existe.`,
              en: `An element’s style uses “${url}”, which does not exist.`,
            },
          ),
        );
      }
    }
  }
}
