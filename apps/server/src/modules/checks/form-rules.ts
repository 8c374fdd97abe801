import type { Finding } from '@div/shared/checks';
import { attr, elements, type HtmlElement } from '../../lib/html-elements';
import { at, finding, isExternal, type Page } from './site';

/*
 * Forms: every control has a name a person hears (a label), and every form posts where the forms
 * backend receives it on the published site (forms/rewrite.ts points forms without an action of
 * their own at /_div/forms/…; a GET form, one posting to another site or one whose fields have no
 * name reaches no inbox).
 */

const UNLABELLED_TYPES = new Set(['hidden', 'submit', 'button', 'reset', 'image']);

/** The name of a control as a person would read it: its placeholder, else its `name` made readable. */
export function suggestedLabel(control: HtmlElement): string | undefined {
  const placeholder = attr(control, 'placeholder')?.trim();
  if (placeholder) return placeholder.replace(/[.…:]+$/, '');
  const name = attr(control, 'name')?.trim();
  if (!name) return undefined;
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1).toLowerCase() : undefined;
}

function hasLabel(control: HtmlElement, labelled: Set<string>): boolean {
  if (attr(control, 'aria-label')?.trim() || attr(control, 'aria-labelledby')?.trim() || attr(control, 'title')?.trim())
    return true;
  const id = attr(control, 'id');
  if (id && labelled.has(id)) return true;
  for (
    let parent = control.parentNode as HtmlElement | null;
    parent && 'tagName' in parent;
    parent = parent.parentNode as HtmlElement | null
  ) {
    if (parent.tagName === 'label') return true;
  }
  return false;
}

/** The page's form controls no label names. */
export function unlabelledControls(page: Page): HtmlElement[] {
  const labelled = new Set(page.all.filter((e) => e.tagName === 'label' && attr(e, 'for')).map((e) => attr(e, 'for') as string));
  return page.all.filter((control) => {
    if (!['input', 'select', 'textarea'].includes(control.tagName)) return false;
    const type = (attr(control, 'type') ?? 'text').toLowerCase();
    if (control.tagName === 'input' && UNLABELLED_TYPES.has(type)) return false;
    return attr(control, 'aria-hidden') !== 'true' && !hasLabel(control, labelled);
  });
}

export function checkLabels(page: Page, out: Finding[]): void {
  for (const control of unlabelledControls(page)) {
    const label = suggestedLabel(control);
    out.push(
      finding(
        'unlabelled-control',
        'error',
        page.path,
        at(control),
        {
          es: `Un campo del formulario (${control.tagName}${attr(control, 'name') ? ` «${attr(control, 'name')}»` : ''}) no tiene etiqueta: un lector de pantalla no dirá qué pide.`,
          en: `A form field (${control.tagName}${attr(control, 'name') ? ` “${attr(control, 'name')}”` : ''}) has no label: a screen reader will not say what it asks for.`,
        },
        label !== undefined,
      ),
    );
  }
}

export function checkForms(page: Page, out: Finding[]): void {
  for (const form of page.all.filter((e) => e.tagName === 'form')) {
    if (attr(form, 'data-div-ignore') !== undefined || (attr(form, 'role') ?? '').toLowerCase() === 'search') continue;
    const action = (attr(form, 'action') ?? '').trim();
    const method = (attr(form, 'method') ?? 'get').trim().toLowerCase();
    const controls = [...elements(form)].filter((e) => ['input', 'select', 'textarea'].includes(e.tagName));
    const fields = controls.filter(
      (c) => !UNLABELLED_TYPES.has((attr(c, 'type') ?? 'text').toLowerCase()) || c.tagName !== 'input',
    );
    const search =
      fields.length > 0 &&
      fields.every(
        (c) =>
          (attr(c, 'type') ?? '').toLowerCase() === 'search' ||
          /^(q|s|query|search|buscar|busqueda|búsqueda)$/i.test(attr(c, 'name') ?? ''),
      );
    if (search) continue;
    if (/^mailto:/i.test(action)) {
      out.push(
        finding('form-target', 'warning', page.path, at(form), {
          es: 'El formulario envía con mailto:, que abre el correo del visitante en vez de enviar: quita el action y DIV recibirá los envíos en Formularios.',
          en: 'The form sends with mailto:, which opens the visitor’s mail app instead of sending: remove the action and DIV will receive the submissions under Forms.',
        }),
      );
      continue;
    }
    if (isExternal(action) && !/^javascript:/i.test(action)) {
      out.push(
        finding('form-target', 'notice', page.path, at(form), {
          es: `El formulario envía a otro sitio (${action}); sus envíos no llegarán a la bandeja de DIV.`,
          en: `The form posts to another site (${action}); its submissions will not reach DIV’s inbox.`,
        }),
      );
      continue;
    }
    if (attr(form, 'method') !== undefined && method === 'get') {
      out.push(
        finding('form-target', 'warning', page.path, at(form), {
          es: 'El formulario usa method="get": los datos irían en la dirección y no llegarán a la bandeja de DIV. Usa method="post" o quita el method.',
          en: 'The form uses method="get": the data would travel in the address and never reach DIV’s inbox. Use method="post" or remove the method.',
        }),
      );
      continue;
    }
    const named = fields.filter((c) => attr(c, 'name')?.trim());
    if (fields.length > 0 && named.length === 0) {
      out.push(
        finding('form-target', 'error', page.path, at(form), {
          es: 'Ningún campo del formulario tiene name: se enviaría vacío. Da un name a cada campo.',
          en: 'No field of the form has a name: it would be sent empty. Give every field a name.',
        }),
      );
    }
    const file = controls.find((c) => (attr(c, 'type') ?? '').toLowerCase() === 'file');
    if (file) {
      out.push(
        finding('form-target', 'warning', page.path, at(file), {
          es: 'Los formularios de DIV no reciben archivos: este campo se rechazará al enviar.',
          en: 'DIV’s forms do not receive files: this field will be refused when sent.',
        }),
      );
    }
  }
}
