import { PlaceholderPage } from '../../components/placeholder-page';

export default function SpacesPage() {
  return <PlaceholderPage title="Tus Proyectos" />;
}
