import { useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';
import { useTheme } from '../lib/theme';

/** Sonner's own phone breakpoint: below it toasts span the width, so at the top they would cover the bars. */
const NARROW = '(max-width: 599px)';
/** Toasts sit this far above the window's bottom edge: clear of the prompt bar. */
const ABOVE_PROMPT_BAR = 84;

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export default function Toasts() {
  const [theme] = useTheme();
  const narrow = useSyncExternalStore(subscribe, () => window.matchMedia(NARROW).matches);
  // Toasts come up from the bottom, above the prompt bar: a tall error never hides the top bar, the
  // editor's title row and tabs or the preview's own controls (at the top centre of a wide editor it
  // sat over the preview's "Editar" button). On a phone they span the width; on a wider screen they
  // keep to the right, under the preview.
  return (
    <Toaster
      theme={theme}
      position={narrow ? 'bottom-center' : 'bottom-right'}
      offset={{ bottom: ABOVE_PROMPT_BAR, right: 24 }}
      mobileOffset={{ bottom: ABOVE_PROMPT_BAR }}
      richColors
      closeButton
    />
  );
}
