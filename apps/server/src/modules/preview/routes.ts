import { PREVIEW_SANDBOX } from '@div/shared/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';

/**
 * The preview host (ADR 0062). A srcdoc or blob frame inherits the app's Content-Security-Policy
 * (script-src 'self'), which blocks every inline script of a generated site. These two pages get
 * their own policy instead: the `sandbox` directive gives them an opaque origin (no access to the
 * app's storage or cookies, even when opened directly), and inline code is allowed inside it.
 */
const PREVIEW_CSP = [
  `sandbox ${PREVIEW_SANDBOX}`,
  "default-src * data: blob: 'unsafe-inline' 'unsafe-eval'",
  "script-src * data: blob: 'unsafe-inline' 'unsafe-eval'",
  "style-src * data: blob: 'unsafe-inline'",
  'img-src * data: blob:',
  'font-src * data:',
  'media-src * data: blob:',
  'connect-src *',
  "frame-ancestors 'self'",
].join('; ');
/** Largest document the new-window page accepts (the whole site, inlined). */
const WINDOW_BODY_LIMIT = 12 * 1024 * 1024;

/**
 * The frame page: it waits for its parent (the editor) to send the assembled document, then writes
 * it in place. Listeners vanish with document.open(), so it renders exactly once.
 */
const HOST_PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8"><script>
(function () {
  function onMessage(event) {
    if (event.source !== window.parent) return;
    var data = event.data;
    if (!data || data.source !== 'div-editor' || data.type !== 'render' || typeof data.html !== 'string') return;
    window.removeEventListener('message', onMessage);
    document.open();
    document.write(data.html);
    document.close();
  }
  window.addEventListener('message', onMessage);
  window.parent.postMessage({ source: 'div-preview', type: 'host-ready' }, '*');
})();
</script></head><body></body></html>`;

function sandboxed(reply: FastifyReply) {
  return reply
    .header('content-security-policy', PREVIEW_CSP)
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cross-origin-opener-policy', 'unsafe-none')
    .header('cross-origin-resource-policy', 'same-origin')
    .removeHeader('origin-agent-cluster')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8');
}

export function registerPreviewRoutes(app: FastifyInstance, _ctx: AppContext) {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: WINDOW_BODY_LIMIT },
      (_request, body, done) => done(null, new URLSearchParams(body as string)),
    );

    scope.get('/preview/frame', async (_request, reply) =>
      sandboxed(reply).header('cache-control', 'public, max-age=3600').send(HOST_PAGE),
    );

    // "Open in new window": the editor posts the assembled site in a form to a new tab.
    // Only the app itself may show content here (no cross-site posts of someone else's page); told
    // from the headers, before the body is read (ADR 0150).
    const sameOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.headers['sec-fetch-site'] !== 'same-origin') {
        return reply.status(403).send({ message: 'Solo el editor puede abrir una vista previa.', code: 'FORBIDDEN' });
      }
    };
    scope.post('/preview/window', { bodyLimit: WINDOW_BODY_LIMIT, onRequest: sameOrigin }, async (request, reply) => {
      const html = request.body instanceof URLSearchParams ? request.body.get('html') : null;
      if (html === null) return reply.status(400).send({ message: 'Falta el documento.', code: 'VALIDATION' });
      return sandboxed(reply).header('cache-control', 'no-store').send(html);
    });
  });
}
