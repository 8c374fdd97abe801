import { PRODUCT_NAME } from './constants';

/**
 * The legal documents (spec section 2, legal pages). One source of text per document feeds both the
 * web page and the PDF the server generates, so the two never drift apart.
 */
export const legalDocumentIds = ['terms', 'privacy', 'cookies'] as const;
export type LegalDocumentId = (typeof legalDocumentIds)[number];

/** A block of a section: a paragraph, or a bullet list. */
export type LegalBlock = string | { list: string[] };

export interface LegalSection {
  /** Anchor id used by the table of contents. */
  id: string;
  title: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  id: LegalDocumentId;
  title: string;
  intro: string;
  sections: LegalSection[];
}

/** All legal documents were last updated on 27 June 2025 (spec section 2). */
export const LEGAL_LAST_UPDATED = '2025-06-27';

/** The mailboxes the product names, in one place. */
export const contactEmails = {
  support: 'soporte@div.dev',
  sales: 'ventas@div.dev',
  privacy: 'privacidad@div.dev',
  legal: 'legal@div.dev',
} as const;

/** The company behind the product, as the legal texts name it. */
export const legalEntity = {
  name: `${PRODUCT_NAME} Labs, S.L.`,
  address: 'Calle de Alcalá 123, 28009 Madrid, España',
  website: 'https://div.dev',
} as const;

/** Formats the update date the Spanish way: "27 de junio de 2025". */
export function formatLegalDate(isoDate: string = LEGAL_LAST_UPDATED): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)),
  );
}
