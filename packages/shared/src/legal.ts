import { type LegalDocument, type LegalDocumentId, legalDocumentIds } from './legal-common';
import { cookiesDocument } from './legal-cookies';
import { privacyDocument } from './legal-privacy';
import { termsDocument } from './legal-terms';

/** Every legal document by id; the page and the PDF both read from here. */
export const legalDocuments: Record<LegalDocumentId, LegalDocument> = {
  terms: termsDocument,
  privacy: privacyDocument,
  cookies: cookiesDocument,
};

export function isLegalDocumentId(value: string): value is LegalDocumentId {
  return (legalDocumentIds as readonly string[]).includes(value);
}
