// Applies the stored theme before the first paint so a dark theme never flashes light.
try {
  const t = localStorage.getItem('div_theme') || 'system';
  const dark = t === 'dark' || (t === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
} catch {}
