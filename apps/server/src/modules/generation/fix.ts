/**
 * The local composer's answer to "fix this error" (no model): it knows the usual causes of script
 * errors in generated pages and guards the page's inline scripts against them; anything else it
 * says it cannot fix.
 */

export type ComposerFix = { html: string } | { message: string };

const SCRIPT_ERROR = /(error|undefined|null|not a function|is not defined|unexpected|cannot read|failed)/i;
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

export function composeFix(html: string, error: string): ComposerFix {
  if (!/<html|<body|<script|<div/i.test(html)) {
    return { message: 'No hay una página que corregir.' };
  }
  if (!SCRIPT_ERROR.test(error)) {
    return { message: 'El compositor local no sabe corregir este problema sin un modelo de IA. Elige un modelo en los ajustes.' };
  }
  let guarded = 0;
  const fixed = html.replace(INLINE_SCRIPT, (whole, attrs: string, body: string) => {
    if (
      body.trim() === '' ||
      body.includes('/* div-guard */') ||
      /type=["']?(module|application\/ld\+json|importmap)/i.test(attrs)
    ) {
      return whole;
    }
    guarded += 1;
    const indented = body.replace(/^\n/, '').replace(/\s+$/, '');
    return `<script${attrs}>
/* div-guard */
document.addEventListener('DOMContentLoaded', function () {
  try {
${indented}
  } catch (error) {
    console.warn('Script error contained by DIV:', error);
  }
});
</script>`;
  });
  if (guarded === 0) {
    return {
      message:
        'El error viene de un archivo externo o ya está controlado; el compositor local no puede corregirlo sin un modelo de IA.',
    };
  }
  return { html: fixed };
}
