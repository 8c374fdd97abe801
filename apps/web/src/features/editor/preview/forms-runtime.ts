/**
 * The preview's half of test submissions (issue 23, ADR 0195), serialised into the runtime script,
 * so it uses nothing from outside its own body. A form that a deploy would point at DIV (no external
 * action of its own, not a search) is sent, without leaving the page, to the endpoint the editor
 * handed the frame; the inbox keeps it marked "prueba". As on a published site, when the site's own
 * script already handled the submit (preventDefault), the data is only delivered quietly.
 */
export function previewForms() {
  const texts = {
    saved: 'Vista previa: envío de prueba guardado en Formularios.',
    waiting: 'Vista previa: todavía no se pueden guardar envíos de prueba. Inténtalo en unos segundos.',
    failed: 'Vista previa: no se pudo guardar el envío de prueba.',
  };
  const state = { endpoint: null as string | null };
  const attr = (form: Element, name: string) => form.getAttribute(name);
  /** Whether the deploy leaves the form alone (its own external action, GET, a search, or opted out). */
  const keepsItsOwn = (form: HTMLFormElement) => {
    if (form.hasAttribute('data-div-ignore')) return true;
    const action = (attr(form, 'action') ?? '').trim();
    if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(action) && !/^javascript:/i.test(action)) return true;
    if ((attr(form, 'method') ?? '').trim().toLowerCase() === 'get') return true;
    return (attr(form, 'role') ?? '').toLowerCase() === 'search';
  };
  const slug = (raw: string) =>
    raw
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '');
  /** The name the deploy would give the form: its name, data-name, id or aria-label; numbered when repeated. */
  const nameOf = (target: HTMLFormElement) => {
    const used: string[] = [];
    for (const form of Array.from(document.forms)) {
      if (keepsItsOwn(form)) continue;
      const base =
        slug(attr(form, 'name') ?? attr(form, 'data-name') ?? attr(form, 'id') ?? attr(form, 'aria-label') ?? '') || 'formulario';
      let name = base;
      for (let n = 2; used.includes(name); n++) name = `${base}-${n}`;
      used.push(name);
      if (form === target) return name;
    }
    return 'formulario';
  };
  const status = (form: HTMLFormElement, text: string, bad: boolean) => {
    let note = form.querySelector('[data-div-preview-status]');
    if (!note) {
      note = document.createElement('p');
      note.setAttribute('data-div-preview-status', '');
      (note as HTMLElement).style.cssText =
        'margin:.75rem 0 0;padding:.5rem .75rem;border-radius:.5rem;font:14px/1.4 system-ui,sans-serif;background:#fef3c7;color:#78350f';
      form.appendChild(note);
    }
    note.setAttribute('role', bad ? 'alert' : 'status');
    note.textContent = text;
  };
  const send = (form: HTMLFormElement, data: FormData, quiet: boolean) => {
    if (!state.endpoint) {
      status(form, texts.waiting, true);
      return;
    }
    const body = new URLSearchParams();
    data.forEach((value, key) => {
      if (typeof value === 'string') body.append(key, value);
    });
    body.set('_div_page', '/');
    body.set('_div_lang', document.documentElement.lang || 'es');
    fetch(state.endpoint.replace('{name}', nameOf(form)), { method: 'POST', body, headers: { Accept: 'application/json' } })
      .then((response) =>
        response
          .json()
          .catch(() => ({ ok: false, message: texts.failed }))
          .then((answer: { ok?: boolean; message?: string }) => {
            if (response.ok && answer.ok) {
              status(form, texts.saved, false);
              if (!quiet) form.reset();
            } else status(form, answer.message || texts.failed, true);
          }),
      )
      .catch(() => status(form, texts.failed, true));
  };
  const formOf = (event: Event) => {
    const target = event.target;
    return target instanceof HTMLFormElement && !keepsItsOwn(target) ? target : null;
  };
  const taken = new WeakMap<Event, { data: FormData; done: boolean }>();
  // Read first (before a site script resets the form); then, after every site handler has run,
  // send it in place of the navigation, or quietly when the site already handled the submit.
  window.addEventListener(
    'submit',
    (event) => {
      const form = formOf(event);
      if (!form) return;
      const submitter = (event as SubmitEvent).submitter;
      let data: FormData;
      try {
        data = new FormData(form, submitter ?? undefined);
      } catch {
        data = new FormData(form);
      }
      const entry = { data, done: false };
      taken.set(event, entry);
      setTimeout(() => {
        if (entry.done) return;
        entry.done = true;
        if (event.defaultPrevented) send(form, data, true);
      }, 0);
    },
    true,
  );
  window.addEventListener('submit', (event) => {
    const form = formOf(event);
    const entry = taken.get(event);
    if (!form || !entry || entry.done || event.defaultPrevented) return;
    event.preventDefault();
    entry.done = true;
    send(form, entry.data, false);
  });
  return state;
}
