import { z } from 'zod';
import { versionChangeResponseSchema } from './spaces';

/**
 * "Cambiar diseño" and the hero's photo (issue 38, ADR 0257): the design families a site can wear,
 * a preview of the site in each, and the changes that make a new version without an AI message.
 */

export const DESIGN_MESSAGES = {
  notRestylable:
    'Este sitio no usa las variables de diseño de DIV (colores, tipografías, espacios), así que no puedo cambiarle el diseño sin tocar su contenido. Pídeselo al asistente con palabras, por ejemplo «hazla más elegante».',
  unknownFamily: 'Ese diseño no existe. Elige uno de la lista.',
  sameFamily: 'El sitio ya tiene ese diseño.',
  noImage: 'No encuentro esa imagen en este proyecto. Súbela en el panel Imágenes y vuelve a intentarlo.',
  noHero: 'Esta página no tiene una portada con sitio para una imagen. Pide al asistente que la ponga donde quieras.',
} as const;

export const designFamilySchema = z.object({
  id: z.string(),
  /** The family's name in the editor, Spanish and English. */
  name: z.object({ es: z.string(), en: z.string() }),
  dark: z.boolean(),
  /** The heading and text typefaces. */
  fonts: z.object({ display: z.string(), body: z.string() }),
  /** Colours of a small swatch: page, surface, text. */
  swatch: z.object({ bg: z.string(), surface: z.string(), text: z.string() }),
});
export type DesignFamilyInfo = z.infer<typeof designFamilySchema>;

/** GET /api/spaces/{id}/designs */
export const designsResponseSchema = z.object({
  /** The family the site wears; null when it wears none of them (a model's site). */
  current: z.string().nullable(),
  /** Whether the site can change family (it uses the design variables). */
  restylable: z.boolean(),
  /** Every other family, in a stable order. */
  families: z.array(designFamilySchema),
});
export type DesignsResponse = z.infer<typeof designsResponseSchema>;

/** GET /api/spaces/{id}/designs/{family}/preview: the site as one document, in that family. */
export const designPreviewResponseSchema = z.object({ html: z.string() });
export type DesignPreviewResponse = z.infer<typeof designPreviewResponseSchema>;

/** POST /api/spaces/{id}/design */
export const applyDesignBodySchema = z.object({ family: z.string().min(1).max(40) });
export type ApplyDesignBody = z.infer<typeof applyDesignBodySchema>;

/** POST /api/spaces/{id}/hero-image */
export const heroImageBodySchema = z.object({ name: z.string().min(1).max(200) });
export type HeroImageBody = z.infer<typeof heroImageBodySchema>;

export const designChangeResponseSchema = versionChangeResponseSchema;
export type DesignChangeResponse = z.infer<typeof designChangeResponseSchema>;
