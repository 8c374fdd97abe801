import { registerLocale } from '../lib/i18n';

/** Strings of the sign-in guard (it loads with the signed-in screens). */
registerLocale('shell', {
  es: {
    guard: {
      generic: 'Verificando autenticación...',
      settings: 'Cargando configuración...',
      usage: 'Cargando estadísticas...',
      space: 'Cargando espacio...',
    },
  },
  en: {
    guard: {
      generic: 'Verifying authentication...',
      settings: 'Loading settings...',
      usage: 'Loading statistics...',
      space: 'Loading space...',
    },
  },
});
