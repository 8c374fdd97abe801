import { describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n';
import { doneMessage } from './done-message';
import './locale';

const t = (key: string, options?: Record<string, unknown>) => translate('es', 'prompt-bar', key, options);
const before = [{ path: 'index.html' }, { path: 'style.css' }];

describe('the toast after a generation (issue 39)', () => {
  it('says which files changed and which are new', () => {
    const told = doneMessage(
      {
        files: [
          { path: 'index.html', content: 'x' },
          { path: 'horario.html', content: 'y' },
        ],
      },
      before,
      t,
    );
    expect(told).toEqual({ partial: false, text: 'DIV ha terminado tu sitio: ha cambiado index.html y ha creado horario.html.' });
  });

  it('says what the local composer did, and is a warning naming the part left undone', () => {
    const told = doneMessage(
      {
        files: [{ path: 'index.html', content: 'x' }],
        said: 'He cambiado el título a «Librería Faro Azul».',
        notDone: '«pon un vídeo de fondo»: sin un modelo de IA no sé hacer ese cambio.',
      },
      before,
      t,
    );
    expect(told.partial).toBe(true);
    expect(told.text).toBe(
      'DIV ha hecho solo parte de lo que pediste: He cambiado el título a «Librería Faro Azul». Sin hacer: «pon un vídeo de fondo»: sin un modelo de IA no sé hacer ese cambio.',
    );
    expect(told.text).not.toContain('terminado');
  });
});
