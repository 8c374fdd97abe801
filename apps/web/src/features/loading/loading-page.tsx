import { PlaceholderPage } from '../../components/placeholder-page';

export default function LoadingPage() {
  return <PlaceholderPage title="Cargando..." />;
}
