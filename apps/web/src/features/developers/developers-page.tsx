import { PlaceholderPage } from '../../components/placeholder-page';

export default function DevelopersPage() {
  return <PlaceholderPage title="Planes para Desarrolladores" />;
}
