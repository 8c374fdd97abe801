/**
 * The shell mounts the toast container after the first paint; a toast raised before that (on
 * opening a page with ?remix, or a preview that fails while loading) would be lost. This runs the
 * toast once the container is in the page (or after 5 s regardless).
 */
export function whenToasterReady(show: () => void) {
  const ready = () => document.querySelector('section[aria-label^="Notifications"]') !== null;
  if (ready()) return show();
  const started = Date.now();
  const timer = setInterval(() => {
    if (ready() || Date.now() - started > 5000) {
      clearInterval(timer);
      show();
    }
  }, 100);
}
