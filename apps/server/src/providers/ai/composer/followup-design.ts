import { findColours, type Language } from './analyse';
import { restyleSite, siteFamily, styleMoveFor } from './design/restyle';
import { type Files, type FollowUpResult, t, write } from './followup-kit';

/**
 * Style follow-ups on a composed site (issue 38, ADR 0257): "más elegante", "oscuro", "minimalista",
 * "más moderno" move it to another design family, the same way for the same request, with the same
 * content and brand colours. A colour ("verde oscuro") is the colour handler's.
 */
export function changeDesign(files: Files, clause: string, lang: Language, out: FollowUpResult): boolean {
  const list = [...files].map(([path, content]) => ({ path, content }));
  const current = siteFamily(list);
  if (!current) return false;
  if (findColours(clause).length && !/modo|mode|tema|theme/i.test(clause)) return false;
  const found = styleMoveFor(clause, current);
  if (!found) return false;
  out.understood = true;
  const next = restyleSite(list, found.family);
  for (const file of next ?? []) if (files.get(file.path) !== file.content) write(files, out, file.path, file.content);
  const [es, en] = found.family.name;
  out.messages.push(
    t(
      lang,
      `He cambiado el diseño a «${es}» (${found.move.es}): otras tipografías, espacios y composición, con el mismo contenido y tus colores.`,
      `I changed the design to "${en}" (${found.move.en}): other typefaces, spacing and layout, with the same content and your colours.`,
    ),
  );
  return true;
}
