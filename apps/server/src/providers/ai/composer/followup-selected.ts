import { findColours, type Language, wordPattern } from './analyse';
import { textOn } from './colour';
import { type Files, type FollowUpResult, newValue, quotes, t, write } from './followup-kit';
import { escapeHtml } from './render-kit';

/**
 * A follow-up with an element selected in the inspector changes that element only: its colour or
 * background (a CSS rule for its selector), its text, its size or font, or removes it.
 */

export interface Selected {
  selector: string;
  html: string;
}

const CSS_MARKER = '/* DIV: styles for selected elements */';

function addRule(files: Files, out: FollowUpResult, rule: string): void {
  const css = files.get('style.css') ?? '';
  write(
    files,
    out,
    'style.css',
    css.includes(CSS_MARKER) ? `${css.trimEnd()}\n${rule}\n` : `${css.trimEnd()}\n\n${CSS_MARKER}\n${rule}\n`,
  );
}

export function editSelected(files: Files, prompt: string, lang: Language, selected: Selected, out: FollowUpResult): boolean {
  const selector = selected.selector.replace(/[{}<]/g, '');
  const colours = findColours(prompt);
  if (colours.length) {
    const hex = colours.at(-1) as string;
    const background =
      wordPattern('fondo|background|relleno|fill', 'iu').test(prompt) || /class="[^"]*\bbtn\b/.test(selected.html);
    addRule(
      files,
      out,
      background ? `${selector} { background: ${hex}; color: ${textOn(hex)}; }` : `${selector} { color: ${hex}; }`,
    );
    out.understood = true;
    out.messages.push(
      t(
        lang,
        `He cambiado ${background ? 'el fondo' : 'el color'} del elemento seleccionado a ${hex}.`,
        `I changed the selected element’s ${background ? 'background' : 'colour'} to ${hex}.`,
      ),
    );
    return true;
  }
  if (
    wordPattern('m[aá]s grande|mayor|bigger|larger', 'iu').test(prompt) ||
    wordPattern('m[aá]s peque[nñ]o|menor|smaller', 'iu').test(prompt)
  ) {
    const bigger = wordPattern('m[aá]s grande|mayor|bigger|larger', 'iu').test(prompt);
    addRule(files, out, `${selector} { font-size: ${bigger ? '1.25em' : '0.85em'}; }`);
    out.understood = true;
    out.messages.push(
      t(
        lang,
        `He hecho el elemento seleccionado más ${bigger ? 'grande' : 'pequeño'}.`,
        `I made the selected element ${bigger ? 'bigger' : 'smaller'}.`,
      ),
    );
    return true;
  }
  const page = files.get('index.html') ?? '';
  if (wordPattern('quita|elimina|borra|remove|delete', 'iu').test(prompt) && page.includes(selected.html)) {
    write(files, out, 'index.html', page.replace(selected.html, ''));
    out.understood = true;
    out.messages.push(t(lang, 'He quitado el elemento seleccionado.', 'I removed the selected element.'));
    return true;
  }
  const value =
    quotes(prompt).at(-1) ??
    (wordPattern('texto|text|pon|di|diga|say|cambia|change', 'iu').test(prompt) ? newValue(prompt) : null);
  if (value && page.includes(selected.html)) {
    const inner = selected.html.match(/^(<[^>]+>)([^<]*)(<\/[a-z0-9]+>)$/i);
    if (!inner) {
      out.understood = true;
      out.messages.push(
        t(
          lang,
          'El elemento seleccionado contiene otros elementos; selecciona el texto concreto que quieres cambiar.',
          'The selected element holds other elements; select the exact text you want to change.',
        ),
      );
      return true;
    }
    write(files, out, 'index.html', page.replace(selected.html, `${inner[1]}${escapeHtml(value)}${inner[3]}`));
    out.understood = true;
    out.messages.push(
      t(
        lang,
        `He cambiado el texto del elemento seleccionado a «${value}».`,
        `I changed the selected element’s text to "${value}".`,
      ),
    );
    return true;
  }
  return false;
}
