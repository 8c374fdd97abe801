import { FORM_LIMITS, FORMS_PATH } from '@div/shared/forms';
import { parse } from 'parse5';
import { attr, type HtmlElement as Element, elements, escapeAttr, type HtmlNode } from '../../lib/html-elements';
import { STAMP_SLOT } from './fill-stamp';

/** What the deploy learned about one form; the endpoint checks submissions against it. */
export interface FormSpec {
  /** Field names the form declares, in order. */
  fields: string[];
  /** Fields marked `required`. */
  required: string[];
  /** File inputs (refused: ADR 0192). */
  files: string[];
  /** The page's `lang`. */
  lang: string | null;
  /** Its pages carry the server's fill stamp (ADR 0253): a post without any timing is spam. */
  stamped?: boolean;
  /** The words the page shows for each field (its label), so the inbox and mails use them (issue 43). */
  labels?: Record<string, string>;
}

export type FormSpecs = Record<string, FormSpec>;

/** Names of the fields the deploy adds; never stored as the visitor's data. */
export const HONEYPOT_FIELD = '_div_hp';
export const FILL_TIME_FIELD = '_div_t';
export const PAGE_FIELD = '_div_page';
/** The script published pages load to send forms without leaving the page. */
export const FORMS_SCRIPT_PATH = '/_div/forms.js';

const SEARCH_NAMES = /^(q|s|query|search|buscar|busqueda|búsqueda)$/i;

/** A form name fit for a URL: lower-case letters, digits and hyphens. */
export function slugOfFormName(raw: string): string {
  return raw
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, FORM_LIMITS.formNameChars)
    .replace(/-+$/, '');
}

/** Whether the form already goes somewhere of its own (another site, mail) or is a search. */
function keepsItsOwnAction(form: Element, controls: Element[]): boolean {
  if (attr(form, 'data-div-ignore') !== undefined) return true;
  const action = (attr(form, 'action') ?? '').trim();
  if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(action) && !/^javascript:/i.test(action)) return true;
  if (attr(form, 'method')?.trim().toLowerCase() === 'get') return true;
  if ((attr(form, 'role') ?? '').toLowerCase() === 'search') return true;
  const named = controls.filter((c) => attr(c, 'name') && !['submit', 'button', 'reset', 'image'].includes(typeOf(c)));
  return named.length > 0 && named.every((c) => typeOf(c) === 'search' || SEARCH_NAMES.test(attr(c, 'name') ?? ''));
}

const typeOf = (el: Element) => (el.tagName === 'input' ? (attr(el, 'type') ?? 'text').toLowerCase() : el.tagName);

/** The text a person reads inside `node`, controls' own text left out. */
function textOf(node: HtmlNode): string {
  if (node.nodeName === '#text') return (node as { value: string }).value;
  if ('tagName' in node && ['input', 'select', 'textarea', 'button', 'script', 'style'].includes(node.tagName)) return '';
  return 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';
}
const tidyLabel = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*[:*]+$/, '')
    .slice(0, FORM_LIMITS.nameChars);

/** What the page calls a control: its `<label>` (by `for` or around it), else aria-label, else placeholder. */
function labelOf(control: Element, labelsById: Map<string, string>): string {
  const id = attr(control, 'id');
  const byId = id ? labelsById.get(id) : undefined;
  if (byId) return byId;
  for (
    let up = control.parentNode as HtmlNode | null;
    up && 'tagName' in up;
    up = (up as Element).parentNode as HtmlNode | null
  ) {
    if ((up as Element).tagName === 'label') return tidyLabel(textOf(up));
  }
  return tidyLabel(attr(control, 'aria-label') ?? attr(control, 'placeholder') ?? '');
}

function specOf(controls: Element[], lang: string | null, labelsById: Map<string, string>): FormSpec {
  const spec: FormSpec = { fields: [], required: [], files: [], lang, stamped: true, labels: {} };
  for (const c of controls) {
    const name = attr(c, 'name');
    const type = typeOf(c);
    if (!name || type === 'reset') continue;
    const label = ['submit', 'button', 'image', 'hidden'].includes(type) ? '' : labelOf(c, labelsById);
    // A radio group or checkboxes share a name: the group's own label is not one option's.
    if (label && spec.labels && !(name in spec.labels) && type !== 'radio' && type !== 'checkbox') spec.labels[name] = label;
    // The pressed button's name and value are sent too (an image button as name.x and name.y):
    // declared, never required, so they do not make a submission look like spam (ADR 0241).
    const sent = type === 'image' ? [`${name}.x`, `${name}.y`] : [name];
    for (const field of sent) if (!spec.fields.includes(field)) spec.fields.push(field);
    if (['submit', 'button', 'image'].includes(type)) continue;
    if (attr(c, 'required') !== undefined && type !== 'checkbox' && type !== 'radio' && !spec.required.includes(name)) {
      spec.required.push(name);
    }
    if (type === 'file' && !spec.files.includes(name)) spec.files.push(name);
  }
  return spec;
}

/**
 * Points every form of a page that has no external action of its own at `/_div/forms/{name}` on
 * the site's origin (POST, URL-encoded), adds a honeypot field and the page path, and loads the
 * script that sends it without leaving the page and measures the fill time (ADR 0191). Edits only
 * the form start tags (found with parse5's source locations), so the rest of the page is unchanged.
 * Returns the page unchanged when it has no such form.
 */
export function rewriteForms(html: string, page: string): { html: string; forms: FormSpecs } {
  if (!/<form[\s>]/i.test(html)) return { html, forms: {} };
  const document = parse(html, { sourceCodeLocationInfo: true });
  const all = [...elements(document)];
  const lang = attr(all.find((e) => e.tagName === 'html') ?? ({ attrs: [] } as unknown as Element), 'lang') ?? null;
  const forms: FormSpecs = {};
  const labelsById = new Map<string, string>();
  for (const label of all.filter((e) => e.tagName === 'label')) {
    const target = attr(label, 'for');
    const text = tidyLabel(textOf(label));
    if (target && text && !labelsById.has(target)) labelsById.set(target, text);
  }
  const edits: { start: number; end: number; text: string }[] = [];
  const used = new Set<string>();
  for (const form of all.filter((e) => e.tagName === 'form')) {
    const tag = form.sourceCodeLocation?.startTag;
    if (!tag) continue;
    const controls = [...elements(form)].filter((e) => ['input', 'select', 'textarea', 'button'].includes(e.tagName));
    if (keepsItsOwnAction(form, controls)) continue;
    const base =
      slugOfFormName(attr(form, 'name') ?? attr(form, 'data-name') ?? attr(form, 'id') ?? attr(form, 'aria-label') ?? '') ||
      'formulario';
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}-${n}`;
    used.add(name);
    forms[name] = specOf(controls, lang, labelsById);
    const kept = form.attrs.filter((a) => !['action', 'method', 'enctype', 'target', 'data-div-form'].includes(a.name));
    const attrs = kept.map((a) => (a.value === '' ? ` ${a.name}` : ` ${a.name}="${escapeAttr(a.value)}"`)).join('');
    const hidden =
      `<div aria-hidden="true" style="position:absolute!important;left:-10000px!important;width:1px;height:1px;overflow:hidden">` +
      `<label>Deja este campo vacío <input type="text" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off" value=""></label></div>` +
      `<input type="hidden" name="${PAGE_FIELD}" value="${escapeAttr(page)}">` +
      `<input type="hidden" name="${FILL_TIME_FIELD}" value="">` +
      // Filled with the signed time the page is served (ADR 0253): speed is judged without JavaScript too.
      `<input type="hidden" ${STAMP_SLOT}>`;
    const action = `${FORMS_PATH}/${name}`;
    edits.push({
      start: tag.startOffset,
      end: tag.endOffset,
      text: `<form${attrs} action="${action}" method="post" data-div-form="${name}">${hidden}`,
    });
  }
  if (edits.length === 0) return { html, forms: {} };
  const script = `<script src="${FORMS_SCRIPT_PATH}" defer></script>`;
  const body = all.find((e) => e.tagName === 'body')?.sourceCodeLocation?.endTag;
  edits.push(
    body
      ? { start: body.startOffset, end: body.startOffset, text: script }
      : { start: html.length, end: html.length, text: script },
  );
  let out = html;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return { html: out, forms };
}

/** Specs of several pages together: a form name used on two pages keeps every field and requires what both require. */
export function mergeFormSpecs(pages: FormSpecs[]): FormSpecs {
  const merged: FormSpecs = {};
  for (const specs of pages) {
    for (const [name, spec] of Object.entries(specs)) {
      const seen = merged[name];
      if (!seen) {
        merged[name] = { ...spec };
        continue;
      }
      merged[name] = {
        fields: [...new Set([...seen.fields, ...spec.fields])],
        required: seen.required.filter((r) => spec.required.includes(r)),
        files: [...new Set([...seen.files, ...spec.files])],
        lang: seen.lang ?? spec.lang,
        ...(seen.stamped && spec.stamped ? { stamped: true } : {}),
        labels: { ...spec.labels, ...seen.labels },
      };
    }
  }
  return merged;
}
