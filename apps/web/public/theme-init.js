// Applies the stored theme (key div_theme: light, dark or system) and language before the first
// paint, so a dark theme never flashes light. Kept in step with apps/web/src/lib/theme.ts.
try {
  const theme = localStorage.getItem('div_theme') || 'system';
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  const language = localStorage.getItem('div_language');
  if (language === 'en' || language === 'es') document.documentElement.lang = language;
} catch {}
