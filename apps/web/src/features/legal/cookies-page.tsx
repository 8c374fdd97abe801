import { PlaceholderPage } from '../../components/placeholder-page';

export default function CookiesPage() {
  return <PlaceholderPage title="Política de Cookies" />;
}
