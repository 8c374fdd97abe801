import { PlaceholderPage } from '../../components/placeholder-page';

export default function AvatarDemoPage() {
  return <PlaceholderPage title="Avatar demo" />;
}
