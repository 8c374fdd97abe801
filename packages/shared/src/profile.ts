import { z } from 'zod';

/**
 * "Lo que entendí": the site profile (issue 37). What the composer read from the brief, kept as
 * structured data with the space: the card beside the first result shows and edits it, follow-ups
 * update it, and a configured model receives it as context. Every value is copied from the brief;
 * a fact the composer is not sure of is listed in `uncertain`, never silently guessed.
 */

export const PROFILE_TEXT_MAX = 300;
export const PROFILE_LIST_MAX = 60;

const text = z.string().trim().max(PROFILE_TEXT_MAX);

export const profileItemSchema = z.object({ label: text.min(1), price: text.optional() });
export const profilePersonSchema = z.object({ name: text.min(1), role: text.optional() });
export const profileSocialSchema = z.object({ network: text.min(1), url: text.min(1), label: text.min(1) });

/** The facts a person can correct in the card, by key. */
export const profileFactKeys = ['name', 'kind', 'city', 'address', 'phone', 'whatsapp', 'email', 'hours', 'language'] as const;
export type ProfileFactKey = (typeof profileFactKeys)[number];

export const siteProfileSchema = z.object({
  name: text,
  /** The kind of the composer's taxonomy ("bakery"), or "business" for the neutral layout. */
  kind: text.min(1),
  /** The business in the brief's own words when it has no template ("alquiler de kayaks"). */
  kindNoun: text.optional(),
  language: z.enum(['es', 'en']),
  city: text.optional(),
  address: text.optional(),
  phone: text.optional(),
  whatsapp: text.optional(),
  email: text.optional(),
  hours: text.optional(),
  items: z.array(profileItemSchema).max(PROFILE_LIST_MAX),
  services: z.array(text.min(1)).max(PROFILE_LIST_MAX),
  people: z.array(profilePersonSchema).max(PROFILE_LIST_MAX),
  sections: z.array(text.min(1)).max(PROFILE_LIST_MAX),
  /** Fields the brief asked the contact form for beyond name, email and message. */
  formFields: z.array(text.min(1)).max(PROFILE_LIST_MAX),
  colours: z.array(text.min(1)).max(8),
  dark: z.boolean(),
  social: z.array(profileSocialSchema).max(PROFILE_LIST_MAX),
  questions: z.array(text.min(1)).max(PROFILE_LIST_MAX),
  /** Facts read with doubt, shown marked in the card. */
  uncertain: z.array(z.enum(profileFactKeys)).max(profileFactKeys.length),
});
export type SiteProfile = z.infer<typeof siteProfileSchema>;

/** A correction from the card: one or more facts, applied to the site in place, charging no message. */
export const profileEditSchema = z
  .object({
    name: text.min(1, 'El nombre no puede quedar vacío').optional(),
    kind: text.min(1).optional(),
    city: text.optional(),
    address: text.optional(),
    phone: text.optional(),
    whatsapp: text.optional(),
    email: text.optional(),
    hours: text.optional(),
    language: z.enum(['es', 'en']).optional(),
  })
  .strict()
  .refine((edit) => Object.keys(edit).length > 0, { message: 'Indica al menos un dato que cambiar' });
export type ProfileEdit = z.infer<typeof profileEditSchema>;

/** Spanish labels of the card's facts. */
export const PROFILE_LABELS: Record<ProfileFactKey, string> = {
  name: 'Nombre',
  kind: 'Tipo de negocio',
  city: 'Ciudad',
  address: 'Dirección',
  phone: 'Teléfono',
  whatsapp: 'WhatsApp',
  email: 'Correo',
  hours: 'Horario',
  language: 'Idioma de la web',
};
