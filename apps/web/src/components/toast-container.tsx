import { lazy, Suspense, useEffect, useState } from 'react';

// The toast library loads right after the first paint, keeping it out of the initial JavaScript.
const Toasts = lazy(() => import('./toasts'));

/** The global toast overlay; any screen calls `toast(...)` from lib/toast (Sonner's, errors kept until closed). */
export function ToastContainer() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => setReady(true), { timeout: 1500 });
    return () => cancel(handle);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
