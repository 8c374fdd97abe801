import { PlaceholderPage } from '../../components/placeholder-page';

export default function TermsPage() {
  return <PlaceholderPage title="Términos y Condiciones" />;
}
