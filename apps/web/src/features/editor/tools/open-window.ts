/**
 * Opens the assembled site in a new tab: the document is posted in a form to the preview host,
 * which answers it with a sandboxing CSP (opaque origin), so the site cannot reach the app's
 * storage even as a top-level page (ADR 0060). The new tab gets no reference to the editor.
 */
export function openInNewWindow(siteHtml: string) {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = '/preview/window';
  form.target = '_blank';
  form.rel = 'noopener noreferrer';
  form.enctype = 'application/x-www-form-urlencoded';
  form.hidden = true;
  const field = document.createElement('textarea');
  field.name = 'html';
  field.value = siteHtml;
  form.appendChild(field);
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
