import { z } from 'zod';
import { planOf } from './plans';

/**
 * Form submissions (issue 23, ADR 0191): any <form> of a published site without its own external
 * action posts to `/_div/forms/{formName}` on the site's origin; owners read them in an inbox.
 */

/** Path prefix, on a site's own origin, of DIV's endpoints for that site. */
export const FORMS_PATH = '/_div/forms';

/** Limits a submission must keep (bytes of the raw body; characters elsewhere). */
export const FORM_LIMITS = {
  bodyBytes: 64 * 1024,
  fields: 40,
  nameChars: 100,
  valueChars: 5000,
  formNameChars: 60,
  /** Under this many ms between the page showing and the submit (measured by the page's script) is spam. */
  minFillMs: 2500,
  /** More links than this in the submitted text is spam. */
  maxLinks: 2,
  /** Submissions per IP per site per minute, and per site per minute (all visitors). */
  perIpPerMinute: 5,
  perSitePerMinute: 120,
  /** Bytes of submissions one site keeps per UTC day outside spam (issue 36); past it visitors are told to come back tomorrow. */
  bytesPerSitePerDay: 2 * 1024 * 1024,
  /** Bytes the spam folder of one site holds; the oldest spam makes room for new (issue 36). */
  spamBytesPerSite: 256 * 1024,
  /** What one stored submission costs besides its fields (id, page, dates), in the byte bounds above. */
  rowBytes: 256,
  /** Test sends (email or webhook) one space may make per hour (issue 36). */
  testSendsPerHour: 5,
  /** Confirmation mails (a new third-party notice address or a resend) one owner may cause per hour (issue 36). */
  confirmationsPerHour: 5,
  /** Hours a confirmation link for a notice address works (ADR 0249). */
  confirmationHours: 48,
} as const;

/** Submissions the plan may read per calendar month (UTC); the rest are stored locked until an upgrade. */
export const formAllowanceOf = (plan: string | null | undefined) => planOf(plan).formSubmissionsPerMonth;

/** Months a space keeps submissions unless its owner sets otherwise. */
export const DEFAULT_FORM_RETENTION_MONTHS = 12;
/** Webhook delivery attempts after the first (so at most 6 in all), with exponential backoff. */
export const WEBHOOK_RETRIES = 5;

export const formFieldSchema = z.object({
  name: z.string(),
  value: z.string(),
  /** What the page's form shows for the field ("Servicio"), when it differs from its name (issue 43). */
  label: z.string().optional(),
});
/** How a field is named to a person: its page's label, else its name. */
export const fieldTitle = (field: { name: string; label?: string }) => field.label || field.name;

/**
 * A field's value as a person reads it (issue 43): a date input's "2026-12-01" becomes
 * "1 de diciembre de 2026", a date and time input's value gets its time too; anything else as sent.
 * The value is a calendar day, not an instant: it is formatted in UTC so no time zone moves it.
 */
export function fieldValueText(value: string, locale = 'es-ES'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value.trim());
  if (!match) return value;
  const [y, m, d, hh, mm] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d, hh, mm));
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== d) return value;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    ...(match[4] ? { timeStyle: 'short' } : {}),
    timeZone: 'UTC',
  }).format(date);
}
export type FormField = z.infer<typeof formFieldSchema>;

export const submissionSchema = z.object({
  id: z.string(),
  spaceId: z.string(),
  formName: z.string(),
  page: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
  spam: z.boolean(),
  /** Why it was kept apart as spam ('honeypot', 'too-fast', 'links'); null otherwise. */
  spamReason: z.string().nullable(),
  /** Sent from the editor's preview ("prueba"). */
  test: z.boolean(),
  /** Over the plan's monthly allowance: stored, fields withheld until the owner upgrades. */
  locked: z.boolean(),
  /** The visitor's email when a field holds one (for replying). */
  email: z.string().nullable(),
  /** Empty while locked. */
  fields: z.array(formFieldSchema),
});
export type Submission = z.infer<typeof submissionSchema>;

export const submissionFolders = ['inbox', 'spam', 'all'] as const;
export type SubmissionFolder = (typeof submissionFolders)[number];
export const listSubmissionsQuerySchema = z.object({
  folder: z.enum(submissionFolders).default('inbox'),
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
});
export type ListSubmissionsQuery = z.input<typeof listSubmissionsQuerySchema>;

export const submissionListSchema = z.object({
  submissions: z.array(submissionSchema),
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
  spam: z.number().int(),
  /** This month's allowance use across the owner's spaces. */
  allowance: z.object({ used: z.number().int(), limit: z.number().int(), locked: z.number().int() }),
});
export type SubmissionList = z.infer<typeof submissionListSchema>;

export const updateSubmissionSchema = z
  .object({ read: z.boolean().optional(), spam: z.boolean().optional() })
  .refine((v) => v.read !== undefined || v.spam !== undefined, { message: 'Indica read o spam.' });

export const notifyModes = ['each', 'digest', 'off'] as const;
/**
 * Whether notices go to `notifyEmail` (ADR 0249): 'account' (none set: the owner's account email),
 * 'confirmed' (the owner's own email, or a third party who opened the confirmation link) or
 * 'pending' (mailed a link; until then notices go to the owner's account email).
 */
export const notifyEmailStatuses = ['account', 'pending', 'confirmed'] as const;
export type NotifyEmailStatus = (typeof notifyEmailStatuses)[number];
export const formSettingsSchema = z.object({
  notify: z.enum(notifyModes),
  /** Where notices go; the owner's email when null. */
  notifyEmail: z.email().nullable(),
  notifyEmailStatus: z.enum(notifyEmailStatuses),
  webhookUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .nullable(),
  /** Signing secret of the webhook (`whsec_...`), shown to the owner to verify signatures. */
  webhookSecret: z.string(),
  retentionMonths: z.number().int().min(1).max(60),
});
export type FormSettings = z.infer<typeof formSettingsSchema>;

export const updateFormSettingsSchema = z.object({
  notify: z.enum(notifyModes).optional(),
  notifyEmail: z.email({ message: 'Escribe un correo válido.' }).nullable().optional(),
  webhookUrl: z
    .url({ protocol: /^https?$/, message: 'Escribe una URL http(s) válida.' })
    .max(2000)
    .nullable()
    .optional(),
  retentionMonths: z.number().int().min(1).max(60).optional(),
  /** Replaces the webhook secret with a new one. */
  rotateSecret: z.literal(true).optional(),
});
export type UpdateFormSettings = z.infer<typeof updateFormSettingsSchema>;

export const testSendSchema = z.object({ channel: z.enum(['email', 'webhook']) });
export const testSendResultSchema = z.object({ ok: z.boolean(), message: z.string() });
export type TestSendResult = z.infer<typeof testSendResultSchema>;

/**
 * Test submissions from the editor's preview (ADR 0195): the sandboxed preview posts its forms to
 * `{PREVIEW_FORMS_PATH}/{formName}?token=…` (constants.ts) with a token the editor fetched for the space.
 */
/** How long a preview token records test submissions. */
export const PREVIEW_FORMS_TOKEN_HOURS = 12;
export const previewFormsTokenSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type PreviewFormsToken = z.infer<typeof previewFormsTokenSchema>;

export const FORM_MESSAGES = {
  notFound: 'Envío no encontrado.',
  locked: 'Has superado los envíos de formularios de tu plan este mes. Mejora tu plan para leer este envío.',
  noWebhook: 'Configura primero la URL del webhook.',
  webhookPrivate: 'La URL del webhook no puede apuntar a una dirección privada o local.',
  testEmailSent: (to: string) => `Correo de prueba enviado a ${to}.`,
  /** No SMTP server configured: the mail stays in the server's local outbox (issue 43: say where it went). */
  testEmailKeptLocally: (to: string) =>
    `No hay servidor de correo configurado: el correo de prueba para ${to} se guardó en la bandeja local del servidor (DATA_DIR/mail) y no salió de él.`,
  testEmailNoRecipient: 'No hay ninguna dirección a la que enviar los avisos de este proyecto.',
  testWebhookSent: 'Webhook de prueba entregado.',
  testFailed: 'No se pudo entregar la prueba:',
  previewSaved: 'Envío de prueba guardado en Formularios (marcado «prueba»; no se avisa a nadie).',
  testRateLimited: 'Has enviado demasiadas pruebas. Espera una hora e inténtalo de nuevo.',
  confirmationSent: 'Te enviamos un enlace de confirmación a esa dirección. Los avisos irán allí cuando lo abran.',
  confirmationRateLimited: 'Has pedido demasiadas confirmaciones. Espera una hora e inténtalo de nuevo.',
  confirmationNotNeeded: 'Esta dirección no necesita confirmación.',
  notifyEmailPending: 'La dirección de avisos está pendiente de confirmar: abre el enlace que le enviamos o pide otro.',
  previewExpired: 'Esta vista previa ya no puede guardar envíos de prueba: vuelve a abrir el editor.',
} as const;

/** What visitors read, in the site's language (es when the page declares another). */
export const VISITOR_MESSAGES = {
  es: {
    thanksTitle: '¡Gracias!',
    thanks: 'Hemos recibido tu mensaje.',
    back: 'Volver a la página',
    errorTitle: 'No se pudo enviar',
    keep: 'Vuelve atrás con el botón del navegador: lo que escribiste sigue ahí.',
    tooLarge: 'El formulario es demasiado largo. Acorta el texto e inténtalo de nuevo.',
    tooManyFields: 'El formulario tiene demasiados campos.',
    fieldTooLong: 'Un campo es demasiado largo:',
    required: 'Falta rellenar:',
    files: 'Este formulario no admite archivos adjuntos. Envíalo sin el archivo.',
    rate: 'Has enviado demasiados mensajes seguidos. Espera un minuto e inténtalo de nuevo.',
    unavailable: 'No se pudo enviar ahora. Inténtalo de nuevo en unos segundos.',
    badForm: 'Este formulario no se puede enviar.',
    invalidChars: 'Un campo contiene caracteres no válidos:',
    full: 'Este sitio ha recibido demasiados mensajes hoy. Inténtalo de nuevo mañana.',
  },
  en: {
    thanksTitle: 'Thank you!',
    thanks: 'We have received your message.',
    back: 'Back to the page',
    errorTitle: 'Could not send',
    keep: "Go back with your browser's back button: what you wrote is still there.",
    tooLarge: 'The form is too long. Shorten the text and try again.',
    tooManyFields: 'The form has too many fields.',
    fieldTooLong: 'A field is too long:',
    required: 'Please fill in:',
    files: 'This form does not accept file attachments. Send it without the file.',
    rate: 'You have sent too many messages in a row. Wait a minute and try again.',
    unavailable: 'Could not send right now. Try again in a few seconds.',
    badForm: 'This form cannot be sent.',
    invalidChars: 'A field contains characters that are not allowed:',
    full: 'This site has received too many messages today. Try again tomorrow.',
  },
  fr: {
    thanksTitle: 'Merci !',
    thanks: 'Nous avons bien reçu votre message.',
    back: 'Retour à la page',
    errorTitle: "L'envoi a échoué",
    keep: 'Revenez en arrière avec le navigateur : ce que vous avez écrit est toujours là.',
    tooLarge: 'Le formulaire est trop long. Raccourcissez le texte et réessayez.',
    tooManyFields: 'Le formulaire a trop de champs.',
    fieldTooLong: 'Un champ est trop long :',
    required: 'Veuillez remplir :',
    files: "Ce formulaire n'accepte pas de pièces jointes. Envoyez-le sans le fichier.",
    rate: 'Trop de messages envoyés à la suite. Attendez une minute et réessayez.',
    unavailable: "Impossible d'envoyer pour le moment. Réessayez dans quelques secondes.",
    badForm: 'Ce formulaire ne peut pas être envoyé.',
    invalidChars: 'Un champ contient des caractères non autorisés :',
    full: "Ce site a reçu trop de messages aujourd'hui. Réessayez demain.",
  },
  pt: {
    thanksTitle: 'Obrigado!',
    thanks: 'Recebemos a sua mensagem.',
    back: 'Voltar à página',
    errorTitle: 'Não foi possível enviar',
    keep: 'Volte atrás com o botão do navegador: o que escreveu continua lá.',
    tooLarge: 'O formulário é demasiado longo. Encurte o texto e tente novamente.',
    tooManyFields: 'O formulário tem demasiados campos.',
    fieldTooLong: 'Um campo é demasiado longo:',
    required: 'Falta preencher:',
    files: 'Este formulário não aceita anexos. Envie-o sem o ficheiro.',
    rate: 'Enviou demasiadas mensagens seguidas. Espere um minuto e tente novamente.',
    unavailable: 'Não foi possível enviar agora. Tente novamente dentro de segundos.',
    badForm: 'Este formulário não pode ser enviado.',
    invalidChars: 'Um campo contém caracteres não permitidos:',
    full: 'Este site recebeu demasiadas mensagens hoje. Tente novamente amanhã.',
  },
} as const;
export type VisitorLanguage = keyof typeof VISITOR_MESSAGES;
export type VisitorMessages = (typeof VISITOR_MESSAGES)[VisitorLanguage];

/** The visitor language of a page's `lang` attribute ('es-MX' → es); es when unknown. */
export function visitorLanguageOf(lang: string | null | undefined): VisitorLanguage {
  const base = (lang ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return base in VISITOR_MESSAGES ? (base as VisitorLanguage) : 'es';
}
