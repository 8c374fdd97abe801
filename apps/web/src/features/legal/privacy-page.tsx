import { privacyDocument } from '@div/shared/legal-privacy';
import { LegalDocumentView } from './legal-document-view';

export default function PrivacyPage() {
  return <LegalDocumentView document={privacyDocument} />;
}
