import { PlaceholderPage } from '../../components/placeholder-page';

export default function UsagePage() {
  return <PlaceholderPage title="Uso y Métricas" />;
}
