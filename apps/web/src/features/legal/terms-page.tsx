import { termsDocument } from '@div/shared/legal-terms';
import { LegalDocumentView } from './legal-document-view';

export default function TermsPage() {
  return <LegalDocumentView document={termsDocument} />;
}
