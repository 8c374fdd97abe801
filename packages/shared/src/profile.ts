import { z } from 'zod';
import { spaceFileSchema, versionSchema } from './spaces';

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
/** The lists a person can edit in the card, row by row (ADR 0271). */
export const profileListKeys = ['items', 'services', 'people'] as const;
export type ProfileListKey = (typeof profileListKeys)[number];
/** What a save can change: a fact or a list. */
export const profileEditKeys = [...profileFactKeys, ...profileListKeys] as const;
export type ProfileEditKey = (typeof profileEditKeys)[number];

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

const editText = z
  .string({ error: 'Cada dato debe ser un texto' })
  .trim()
  .max(PROFILE_TEXT_MAX, `Cada dato puede tener como mucho ${PROFILE_TEXT_MAX} caracteres`);

/**
 * A correction from the card: one or more facts, applied to the site in place, charging no message.
 * An empty text clears a fact of the profile (the site keeps its text until it is changed there).
 */
export const profileEditSchema = z
  .strictObject(
    {
      name: editText.min(1, 'El nombre no puede quedar vacío').optional(),
      kind: editText.min(1, 'Indica el tipo de negocio').optional(),
      city: editText.optional(),
      address: editText.optional(),
      phone: editText
        .refine(
          (v) => v === '' || /^\+?[\d\s().-]{6,25}$/.test(v),
          'El teléfono solo puede llevar números, espacios y un + delante',
        )
        .optional(),
      whatsapp: editText
        .refine(
          (v) => v === '' || /^\+?[\d\s().-]{6,25}$/.test(v),
          'El WhatsApp solo puede llevar números, espacios y un + delante',
        )
        .optional(),
      email: editText
        .refine(
          (v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
          'El correo no parece válido (ejemplo: hola@tunegocio.es)',
        )
        .optional(),
      hours: editText.optional(),
      language: z.enum(['es', 'en'], { error: 'El idioma debe ser «es» o «en»' }).optional(),
      items: z
        .array(
          z.strictObject({
            label: editText.min(1, 'Cada producto necesita un nombre'),
            price: editText.optional(),
          }),
        )
        .max(PROFILE_LIST_MAX, `Como mucho ${PROFILE_LIST_MAX} productos`)
        .optional(),
      services: z
        .array(editText.min(1, 'Un servicio no puede quedar vacío'))
        .max(PROFILE_LIST_MAX, `Como mucho ${PROFILE_LIST_MAX} servicios`)
        .optional(),
      people: z
        .array(
          z.strictObject({
            name: editText.min(1, 'Cada persona necesita un nombre'),
            role: editText.optional(),
          }),
        )
        .max(PROFILE_LIST_MAX, `Como mucho ${PROFILE_LIST_MAX} personas`)
        .optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Dato desconocido: ${issue.keys.join(', ')}` : undefined) },
  )
  .refine((edit) => Object.keys(edit).length > 0, { message: 'Indica al menos un dato que cambiar' });
export type ProfileEdit = z.infer<typeof profileEditSchema>;

/** `GET /api/spaces/{id}/profile`: the profile, null until the space's first generation. */
export const profileKindSchema = z.object({ id: z.string(), es: z.string(), en: z.string() });
export type ProfileKind = z.infer<typeof profileKindSchema>;
export const profileResponseSchema = z.object({
  profile: siteProfileSchema.nullable(),
  /** The kinds the card offers (the composer's taxonomy; "business" is the neutral layout). */
  kinds: z.array(profileKindSchema),
  /** The profile as first read from the brief (before any correction), to restore it; null without a brief. */
  firstRead: siteProfileSchema.nullable().optional(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/**
 * `PUT /api/spaces/{id}/profile`: the stored profile; which facts changed on the page in place
 * (`applied`, one version "Lo que entendí", no message charged) and which were only stored for the
 * next generation (`stored`); the new version and files when the page changed.
 */
export const profileSaveResponseSchema = z.object({
  profile: siteProfileSchema,
  applied: z.array(z.enum(profileEditKeys)),
  stored: z.array(z.enum(profileEditKeys)),
  version: versionSchema.nullable(),
  revision: z.number().int(),
  files: z.array(spaceFileSchema),
});
export type ProfileSaveResponse = z.infer<typeof profileSaveResponseSchema>;

/** The prompt the version of a card edit carries in the history. */
export const PROFILE_EDIT_PROMPT = 'Datos corregidos en «Lo que entendí»';

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
