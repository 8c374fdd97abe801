import { PlaceholderPage } from '../../components/placeholder-page';

export default function AuthReturnPage() {
  return <PlaceholderPage title="Procesando inicio de sesión..." />;
}
