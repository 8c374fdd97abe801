import { previewForms } from './forms-runtime';
import { type VisualEditing, visualEditing } from './visual-runtime';

/** A CSS selector of an element: from its nearest ancestor with an id, by tag and place among its kind. */
export function elementSelector(element: Element): string {
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
}

/**
 * The script injected first into every preview document. The preview runs in a sandboxed frame
 * with an opaque origin, so the editor cannot reach into it: this script reports errors and the
 * load to the editor by postMessage, and carries out the inspector (hover highlight, click select).
 * It is written as a function so TypeScript checks it, then serialised into the document.
 */
function previewRuntime(
  visualEditing: VisualEditing,
  previewForms: () => { endpoint: string | null },
  selectorOf: (element: Element) => string,
) {
  const TAG = 'div-preview';
  const post = (data: Record<string, unknown>) => {
    try {
      window.parent.postMessage({ source: TAG, ...data }, '*');
    } catch {}
  };
  let loaded = false;
  const forms = previewForms();
  const phase = () => (loaded ? 'runtime' : 'load');
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target as Element | null;
      if (target && target !== (window as unknown as Element) && 'tagName' in target) {
        // Worded by the editor in the interface's language (preview-messages.ts).
        post({ type: 'error', phase: phase(), kind: 'resource', message: target.tagName.toLowerCase() });
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
    post({ type: 'error', phase: phase(), kind: 'rejection', message });
  });
  // The document is written and styled: the editor puts white behind it (a page's default canvas);
  // until then the frame shows the editor's own colour, never a blank white frame (issue 43).
  document.addEventListener('DOMContentLoaded', () => post({ type: 'painted' }));
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
  /** The element outlined now: the box follows it when it moves (a scroll, a text edit, a phone's keyboard). */
  let outlined: Element | null = null;
  const follow = new ResizeObserver(() => outlined?.isConnected && highlight(outlined));
  const highlight = (element: Element | null) => {
    const target = overlay();
    if (element !== outlined) {
      follow.disconnect();
      if (element) follow.observe(element);
      outlined = element;
    }
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
  // A finding of the Revisión shown in the page (issue 40): its element outlined, kept in place on scroll.
  let marked: Element | null = null;
  // The box follows what it outlines; the settled scroll is reported, so a reload keeps the place.
  let scrolled: ReturnType<typeof setTimeout> | undefined;
  const reposition = () => outlined?.isConnected && highlight(outlined);
  window.addEventListener(
    'scroll',
    () => {
      reposition();
      clearTimeout(scrolled);
      scrolled = setTimeout(() => post({ type: 'scrolled', y: window.scrollY }), 120);
    },
    { passive: true },
  );
  window.addEventListener('resize', reposition);
  window.visualViewport?.addEventListener('resize', reposition);
  document.addEventListener('input', reposition, true);
  document.addEventListener('focusout', () => setTimeout(reposition, 0), true);
  const unmark = () => {
    if (!marked) return;
    marked = null;
    overlay().removeAttribute('data-div-highlight');
    highlight(null);
  };
  document.addEventListener('pointerdown', unmark, true);
  const mark = (selector: string) => {
    let element: Element | null = null;
    try {
      element = document.querySelector(selector);
    } catch {}
    marked = element;
    if (element) element.scrollIntoView({ block: 'center', inline: 'nearest' });
    highlight(element);
    overlay().toggleAttribute('data-div-highlight', Boolean(element));
    post({ type: 'highlighted', found: Boolean(element) });
  };
  const pick = (event: Event) =>
    event.target instanceof Element && !event.target.hasAttribute('data-div-inspector') ? event.target : null;
  document.addEventListener(
    'mouseover',
    (event) => {
      if (!inspecting && !visual.on) return;
      unmark();
      highlight(pick(event));
    },
    true,
  );
  document.addEventListener(
    'click',
    (event) => {
      if (visual.on) {
        const element = pick(event);
        if (!element || (element as HTMLElement).isContentEditable) return;
        event.preventDefault();
        event.stopPropagation();
        visual.select(element);
        return;
      }
      if (!inspecting) return;
      const element = pick(event);
      if (!element) return;
      event.preventDefault();
      event.stopPropagation();
      // The preview's source marks are not the site's: they stay out of what the person sees.
      const html = element.outerHTML.replace(/ data-div-src="[^"]*"/g, '');
      post({
        type: 'select',
        selector: selectorOf(element),
        html: html.length > 4000 ? `${html.slice(0, 4000)}…` : html,
        // Its place in the source, when the preview's copy is marked (scoped AI edits, ADR 0201).
        mark: element.getAttribute('data-div-src'),
      });
    },
    true,
  );

  const visual = visualEditing(
    post,
    () => {
      if (!source) return null;
      if (!source.doc) source.doc = parse(source.html);
      return source.doc;
    },
    highlight,
  );

  // Edits in place (ADR 0065): when the new document differs from the shown one only in text and in
  // attributes (no script touched, no handler attribute, the same tree), those nodes are changed in
  // the live page instead of loading it again. Each changed node is found by its path and must still
  // hold the old value (a script may have changed or moved it); otherwise nothing is changed and the
  // editor loads the document anew. The editor sends the shown document's source once ('source'),
  // then each edit as a delta from the source it names, so an edit costs a few characters to send.
  const parser = new DOMParser();
  const parse = (html: string) => parser.parseFromString(html, 'text/html');
  /** The source the shown page was made from, and its parse (made when idle, or by the first edit). */
  let source: { rev: number; html: string; doc: Document | null } | null = null;
  const whenIdle: (run: () => void) => void = window.requestIdleCallback ?? ((run) => setTimeout(run, 50));
  const isOverlay = (node: Node) => node.nodeType === 1 && (node as Element).hasAttribute('data-div-inspector');
  const childrenOf = (node: Node) => Array.from(node.childNodes).filter((child) => !isOverlay(child));
  type Change = { before: Node; after: Node };
  /** Names of the attributes whose value differs, added or removed. */
  const changedAttributes = (a: Element, b: Element) => {
    const changed: string[] = [];
    for (const { name, value } of Array.from(a.attributes)) if (b.getAttribute(name) !== value) changed.push(name);
    for (const { name } of Array.from(b.attributes)) if (!a.hasAttribute(name)) changed.push(name);
    return changed;
  };
  /**
   * Collects the text and attribute changes from `before` to `after`; false when anything else
   * differs. Equal children are skipped by the browser's own comparison (isEqualNode), so the walk
   * only goes down the branches that hold a change, and each node is compared once (comparing a
   * node before its children would compare the branch of the change again at every level).
   */
  const diff = (before: Node, after: Node, changes: Change[]): boolean => {
    if (before.nodeType !== after.nodeType || before.nodeName !== after.nodeName) return false;
    if (before.nodeType === 3 || before.nodeType === 8) {
      if (before.nodeValue === after.nodeValue) return true;
      if (before.parentNode?.nodeName === 'SCRIPT') return false;
      changes.push({ before, after });
      return true;
    }
    if (before.nodeType !== 1) return true;
    const a = before as Element;
    const b = after as Element;
    const attributes = changedAttributes(a, b);
    if (attributes.length > 0) {
      if (a.localName === 'script' || attributes.some((name) => name.toLowerCase().startsWith('on'))) return false;
      changes.push({ before, after });
    }
    const left = before.childNodes;
    const right = after.childNodes;
    if (left.length !== right.length) return false;
    for (let i = 0; i < left.length; i++) {
      const child = left[i] as Node;
      const next = right[i] as Node;
      if (!child.isEqualNode(next) && !diff(child, next, changes)) return false;
    }
    return true;
  };
  /** Child indexes from the root element down to `node` (worked out only for the nodes that changed). */
  const pathOf = (node: Node) => {
    const path: number[] = [];
    for (let at = node; at.parentNode && at.parentNode.nodeType === 1; at = at.parentNode) {
      path.unshift(Array.prototype.indexOf.call(at.parentNode.childNodes, at));
    }
    return path;
  };
  /** The live node at `path`, where every node on the way has as many children as in the old source. */
  const liveAt = (path: number[], oldRoot: Node): Node | null => {
    let live: Node = document.documentElement;
    let old: Node = oldRoot;
    for (const index of path) {
      const children = childrenOf(live);
      if (children.length !== old.childNodes.length) return null;
      const nextLive = children[index];
      const nextOld = old.childNodes[index];
      if (!nextLive || !nextOld || nextLive.nodeName !== nextOld.nodeName) return null;
      live = nextLive;
      old = nextOld;
    }
    return live;
  };
  /**
   * The markup of every template's content: it is not among the template's children, so isEqualNode
   * does not see it, and any change there loads the page anew. A source without a template tag
   * parses to no template (the parsed copies run no script), so the search is skipped.
   */
  const hasTemplate = (html: string) => /<template/i.test(html);
  const templates = (doc: Document) => Array.from(doc.querySelectorAll('template'), (node) => node.innerHTML).join('\u0000');
  const patch = (base: number, rev: number, at: number, remove: number, insert: string): boolean => {
    if (!source || source.rev !== base || at + remove > source.html.length) return false;
    const html = source.html.slice(0, at) + insert + source.html.slice(at + remove);
    const before = source.doc ?? parse(source.html);
    const after = parse(html);
    if ((hasTemplate(source.html) || hasTemplate(html)) && templates(before) !== templates(after)) return false;
    const changes: Change[] = [];
    if (!diff(before.documentElement, after.documentElement, changes)) return false;
    const apply: (() => void)[] = [];
    for (const { before: old, after: next } of changes) {
      const live = liveAt(pathOf(old), before.documentElement);
      if (!live) return false;
      // A live node that already holds the new value (a visual edit shown at once) is left as it is.
      if (old.nodeType !== 1) {
        if (live.nodeValue !== old.nodeValue && live.nodeValue !== next.nodeValue) return false;
        apply.push(() => {
          live.nodeValue = next.nodeValue;
        });
        continue;
      }
      const a = old as Element;
      const b = next as Element;
      const element = live as Element;
      for (const name of changedAttributes(a, b)) {
        const value = b.getAttribute(name);
        const shown = element.getAttribute(name);
        if (shown !== a.getAttribute(name) && shown !== value) return false;
        apply.push(() => (value === null ? element.removeAttribute(name) : element.setAttribute(name, value)));
      }
    }
    for (const change of apply) change();
    source = { rev, html, doc: after };
    return true;
  };

  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const data = event.data as Record<string, unknown> | null;
    if (data?.source !== 'div-editor') return;
    const count = (value: unknown) => (Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : -1);
    if (data.type === 'source' && count(data.rev) >= 0 && typeof data.html === 'string') {
      const shown = { rev: count(data.rev), html: data.html, doc: null as Document | null };
      source = shown;
      whenIdle(() => {
        if (source === shown && !shown.doc) shown.doc = parse(shown.html);
      });
      return;
    }
    if (data.type === 'patch') {
      const [base, rev, at, remove] = [count(data.base), count(data.rev), count(data.at), count(data.remove)];
      let done = false;
      try {
        done =
          Math.min(base, rev, at, remove) >= 0 && typeof data.insert === 'string' && patch(base, rev, at, remove, data.insert);
      } catch {}
      if (!done) {
        post({ type: 'patch-failed' });
        return;
      }
      // Reported once the change has been laid out and painted.
      requestAnimationFrame(() => setTimeout(() => post({ type: 'patched' }), 0));
      return;
    }
    if (data.type === 'forms' && typeof data.endpoint === 'string') {
      forms.endpoint = data.endpoint;
      return;
    }
    if (data.type === 'visual') {
      visual.on = Boolean(data.enabled);
      if (!visual.on) highlight(null);
      return;
    }
    if (data.type === 'visual-attribute' && typeof data.mark === 'string' && typeof data.name === 'string') {
      visual.setAttribute(data.mark, data.name, typeof data.value === 'string' ? data.value : null);
      return;
    }
    if (data.type === 'visual-select-mark' && typeof data.mark === 'string') {
      const element = document.querySelector(`[data-div-src="${CSS.escape(data.mark)}"]`);
      // The page stays where the person had it (issue 43): the panel names the selection.
      if (element) visual.select(element, false);
      return;
    }
    if (data.type === 'restore-scroll' && typeof data.y === 'number') {
      // Now (the document is parsed), and again once its images have their size.
      const y = data.y;
      window.scrollTo(0, y);
      window.addEventListener('load', () => window.scrollY === 0 && window.scrollTo(0, y), { once: true });
      return;
    }
    if (data.type === 'highlight' && typeof data.selector === 'string') {
      mark(data.selector);
      return;
    }
    if (data.type !== 'inspector') return;
    inspecting = Boolean(data.enabled);
    document.documentElement.style.cursor = inspecting ? 'crosshair' : '';
    if (!inspecting) highlight(null);
  });
}

export const PREVIEW_RUNTIME_SCRIPT = `(${previewRuntime.toString()})(${visualEditing.toString()}, ${previewForms.toString()}, ${elementSelector.toString()});`;
