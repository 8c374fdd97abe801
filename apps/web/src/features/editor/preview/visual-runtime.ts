/**
 * The visual edit mode's half inside the preview frame (issue 24, ADR 0200). It is serialised into
 * the runtime script with it, so it uses nothing from outside its own body. Elements written in the
 * page's source carry `data-div-src` (added to the preview's copy only); a click selects one and
 * reports it, a text-only element becomes editable in place, and Enter or leaving it reports the new
 * text. An element without the mark, or whose content a script changed after load (its tags and text
 * differ from the source's parse), is refused: the editor says "este elemento lo genera un script".
 */
export function visualEditing(
  post: (data: Record<string, unknown>) => void,
  sourceDoc: () => Document | null,
  highlight: (element: Element | null) => void,
) {
  const MARK = 'data-div-src';
  /** The tags and text of a subtree: what a script that rewrote the element would have changed. */
  const shape = (node: Node): string => {
    if (node.nodeType === 3) return `"${node.nodeValue ?? ''}"`;
    if (node.nodeType !== 1) return '';
    const element = node as Element;
    if (element.hasAttribute('data-div-inspector')) return '';
    return `<${element.localName}>${Array.from(element.childNodes, shape).join('')}</>`;
  };
  const inSource = (mark: string) => sourceDoc()?.querySelector(`[${MARK}="${CSS.escape(mark)}"]`) ?? null;
  const textOnly = (element: Element) =>
    Array.from(element.childNodes).every((child) => child.nodeType === 3) &&
    !/^(?:script|style|textarea|select|option|title|iframe|svg|img|input|video|audio|canvas)$/.test(element.localName);

  const state = {
    on: false,
    /** Selects an element; a text-only one becomes editable in place unless `editNow` is false (a selection the editor moved). */
    select(element: Element, editNow = true) {
      const mark = element.getAttribute(MARK);
      const original = mark ? inSource(mark) : null;
      if (!mark || !original || shape(original) !== shape(element)) {
        highlight(null);
        post({ type: 'visual-refused', reason: 'script' });
        return;
      }
      highlight(element);
      const style = getComputedStyle(element);
      const editable = textOnly(element) && (element.textContent ?? '').trim() !== '';
      post({
        type: 'visual-select',
        mark,
        tag: element.localName,
        editable,
        text: (element.textContent ?? '').slice(0, 200),
        styles: {
          color: style.color,
          backgroundColor: style.backgroundColor,
          fontSize: style.fontSize,
          fontWeight: style.fontWeight,
          textAlign: style.textAlign,
          borderRadius: style.borderTopLeftRadius,
          display: style.display,
        },
        attributes: {
          href: element.getAttribute('href'),
          target: element.getAttribute('target'),
          src: element.getAttribute('src'),
          alt: element.getAttribute('alt'),
          style: element.getAttribute('style'),
          hidden: element.hasAttribute('hidden') ? '' : null,
        },
      });
      if (editable && editNow) edit(element as HTMLElement, mark, original);
    },
    /** Shows an attribute the editor wrote to the source at once (the preview's own patch follows). */
    setAttribute(mark: string, name: string, value: string | null) {
      if (name.startsWith('on')) return;
      const selector = `[${MARK}="${CSS.escape(mark)}"]`;
      for (const element of [document.querySelector(selector), sourceDoc()?.querySelector(selector)]) {
        if (!element) continue;
        if (value === null) element.removeAttribute(name);
        else element.setAttribute(name, value);
      }
      const live = document.querySelector(selector);
      if (live) highlight(live);
    },
  };

  const edit = (element: HTMLElement, mark: string, original: Element) => {
    const before = element.textContent ?? '';
    element.setAttribute('contenteditable', 'plaintext-only');
    element.focus();
    const done = (keep: boolean) => {
      element.removeEventListener('keydown', onKey);
      element.removeEventListener('blur', onBlur);
      element.removeAttribute('contenteditable');
      const text = keep ? (element.textContent ?? '') : before;
      // One text node again, as the source has it; the source's parse follows, so the preview's
      // own patch finds nothing left to change and the element stays selectable.
      element.textContent = text;
      original.textContent = text;
      if (keep && text !== before) post({ type: 'visual-text', mark, tag: element.localName, text });
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        element.blur();
      } else if (event.key === 'Escape') {
        event.preventDefault();
        element.removeEventListener('blur', onBlur);
        done(false);
        element.blur();
      }
    };
    const onBlur = () => done(true);
    element.addEventListener('keydown', onKey);
    element.addEventListener('blur', onBlur);
  };

  document.addEventListener(
    'keydown',
    (event) => {
      if (!state.on || !(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return;
      if ((event.target as HTMLElement | null)?.isContentEditable) return;
      event.preventDefault();
      post({ type: 'visual-key', key: event.shiftKey ? 'redo' : 'undo' });
    },
    true,
  );
  return state;
}
export type VisualEditing = typeof visualEditing;
