import { PlaceholderPage } from '../../components/placeholder-page';

export default function EditorPage() {
  return <PlaceholderPage title="Editor" />;
}
