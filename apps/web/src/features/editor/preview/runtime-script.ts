/**
 * The script injected first into every preview document. The preview runs in a sandboxed frame
 * with an opaque origin, so the editor cannot reach into it: this script reports errors and the
 * load to the editor by postMessage, and carries out the inspector (hover highlight, click select).
 * It is written as a function so TypeScript checks it, then serialised into the document.
 */
function previewRuntime() {
  const TAG = 'div-preview';
  const post = (data: Record<string, unknown>) => {
    try {
      window.parent.postMessage({ source: TAG, ...data }, '*');
    } catch {}
  };
  let loaded = false;
  const phase = () => (loaded ? 'runtime' : 'load');
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target as Element | null;
      if (target && target !== (window as unknown as Element) && 'tagName' in target) {
        post({ type: 'error', phase: phase(), message: `No se pudo cargar ${target.tagName.toLowerCase()}` });
        return;
      }
      post({
        type: 'error',
        phase: phase(),
        message: String(event.message || 'Error'),
        line: event.lineno || 0,
        column: event.colno || 0,
      });
    },
    true,
  );
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as { message?: unknown } | undefined;
    const message = reason && typeof reason.message === 'string' ? reason.message : String(event.reason);
    post({ type: 'error', phase: phase(), message: `Unhandled rejection: ${message}` });
  });
  window.addEventListener('load', () => {
    // Errors thrown by the page's own load handlers still count as a failed load.
    setTimeout(() => {
      loaded = true;
      post({ type: 'ready' });
    }, 0);
  });

  let inspecting = false;
  let box: HTMLDivElement | null = null;
  const overlay = () => {
    if (!box) {
      box = document.createElement('div');
      box.setAttribute('data-div-inspector', '');
      box.style.cssText =
        'position:fixed;pointer-events:none;z-index:2147483647;border:2px solid #6366f1;background:rgba(99,102,241,.15);border-radius:2px;display:none';
      document.documentElement.appendChild(box);
    }
    return box;
  };
  const highlight = (element: Element | null) => {
    const target = overlay();
    if (!element) {
      target.style.display = 'none';
      return;
    }
    const rect = element.getBoundingClientRect();
    target.style.display = 'block';
    target.style.left = `${rect.left}px`;
    target.style.top = `${rect.top}px`;
    target.style.width = `${rect.width}px`;
    target.style.height = `${rect.height}px`;
  };
  const selectorOf = (element: Element): string => {
    const parts: string[] = [];
    let node: Element | null = element;
    while (node && node.nodeType === 1 && node !== document.documentElement) {
      if (node.id) {
        parts.unshift(`#${CSS.escape(node.id)}`);
        break;
      }
      let part = node.tagName.toLowerCase();
      const parent: Element | null = node.parentElement;
      if (parent) {
        const same = Array.from(parent.children).filter((child) => child.tagName === node?.tagName);
        if (same.length > 1) part += `:nth-of-type(${same.indexOf(node) + 1})`;
      }
      parts.unshift(part);
      node = parent;
    }
    return parts.join(' > ') || 'html';
  };
  const pick = (event: Event) =>
    event.target instanceof Element && !event.target.hasAttribute('data-div-inspector') ? event.target : null;
  document.addEventListener(
    'mouseover',
    (event) => {
      if (inspecting) highlight(pick(event));
    },
    true,
  );
  document.addEventListener(
    'click',
    (event) => {
      if (!inspecting) return;
      const element = pick(event);
      if (!element) return;
      event.preventDefault();
      event.stopPropagation();
      const html = element.outerHTML;
      post({ type: 'select', selector: selectorOf(element), html: html.length > 4000 ? `${html.slice(0, 4000)}…` : html });
    },
    true,
  );
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const data = event.data as { source?: string; type?: string; enabled?: boolean } | null;
    if (data?.source !== 'div-editor' || data.type !== 'inspector') return;
    inspecting = Boolean(data.enabled);
    document.documentElement.style.cursor = inspecting ? 'crosshair' : '';
    if (!inspecting) highlight(null);
  });
}

export const PREVIEW_RUNTIME_SCRIPT = `(${previewRuntime.toString()})();`;
