import { cookiesDocument } from '@div/shared/legal-cookies';
import { LegalDocumentView } from './legal-document-view';

export default function CookiesPage() {
  return <LegalDocumentView document={cookiesDocument} />;
}
