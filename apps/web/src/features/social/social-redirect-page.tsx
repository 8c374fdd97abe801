import { PlaceholderPage } from '../../components/placeholder-page';

export default function SocialRedirectPage() {
  return <PlaceholderPage title="Redirigiendo..." />;
}
