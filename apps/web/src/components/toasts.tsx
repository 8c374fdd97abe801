import { useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';
import { useTheme } from '../lib/theme';

/** Sonner's own phone breakpoint: below it toasts span the width, so at the top they would cover the bars. */
const NARROW = '(max-width: 599px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export default function Toasts() {
  const [theme] = useTheme();
  const narrow = useSyncExternalStore(subscribe, () => window.matchMedia(NARROW).matches);
  // On a phone, toasts come up from the bottom, above the prompt bar: a tall error never hides the top
  // bar, the editor's tabs or the preview's own controls.
  return (
    <Toaster
      theme={theme}
      position={narrow ? 'bottom-center' : 'top-center'}
      offset={72}
      mobileOffset={{ bottom: 84 }}
      richColors
      closeButton
    />
  );
}
