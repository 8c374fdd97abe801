import { useState } from 'react';
import { registerLocale } from '../../../lib/i18n';

/**
 * Tab in the code editor follows CodeMirror's accessible default: it moves focus to the next control,
 * so a keyboard user is never trapped. "Tab indenta" (remembered in this browser) makes Tab indent;
 * then Ctrl-M (Shift-Alt-M on macOS) toggles that off and Esc followed by Tab still moves focus.
 */
const STORAGE_KEY = 'div_editor_tab_indents';

function storedTabIndents() {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function useTabIndents() {
  const [on, setOn] = useState(storedTabIndents);
  const change = (next: boolean) => {
    setOn(next);
    try {
      localStorage.setItem(STORAGE_KEY, String(next));
    } catch {}
  };
  return [on, change] as const;
}

export const leaveKeys = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? 'Mayús-Alt-M' : 'Ctrl-M';

registerLocale('editor', {
  es: {
    tabKeys: {
      toggle: 'Tab indenta',
      moves: 'Tab pasa al siguiente control. Activa «Tab indenta» para sangrar con Tab.',
      indents: 'Tab indenta. Para salir del editor con el teclado: {{keys}}, o Esc y luego Tab.',
    },
  },
  en: {
    tabKeys: {
      toggle: 'Tab indents',
      moves: 'Tab moves to the next control. Turn on “Tab indents” to indent with Tab.',
      indents: 'Tab indents. To leave the editor by keyboard: {{keys}}, or Esc then Tab.',
    },
  },
});
