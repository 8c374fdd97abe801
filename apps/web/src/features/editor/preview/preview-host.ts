/** The frame never gets allow-same-origin: generated code must not reach the app's origin. */
export const PREVIEW_SANDBOX = 'allow-scripts allow-forms allow-popups allow-modals';
/**
 * The host page the frame loads; it has its own sandboxing CSP and writes the document the editor
 * sends it (a srcdoc frame would inherit the app's CSP, which blocks inline scripts: ADR 0062).
 */
export const PREVIEW_HOST_URL = '/preview/frame';
/** The longest a warm-up frame stays when no preview takes over (the editor never opened). */
const WARM_MAX_MS = 15_000;

let warm: HTMLIFrameElement | null = null;

/**
 * Opening the editor directly: a hidden sandboxed frame loads the host page while the editor's code
 * downloads, so the preview frame later finds the frame process started and the page cached
 * (ADR 0064). It is removed once the preview's own frame is up, or after WARM_MAX_MS.
 */
export function warmPreviewHost() {
  if (warm) return;
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', PREVIEW_SANDBOX);
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.hidden = true;
  frame.src = PREVIEW_HOST_URL;
  document.body.appendChild(frame);
  warm = frame;
  setTimeout(releasePreviewHost, WARM_MAX_MS);
}

export function releasePreviewHost() {
  warm?.remove();
  warm = null;
}
