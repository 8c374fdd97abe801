import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** Whether the app shows the dark theme (class-based, set by the shell). */
export function useDark() {
  return useSyncExternalStore(subscribe, () => document.documentElement.classList.contains('dark'));
}
