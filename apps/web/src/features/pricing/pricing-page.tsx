import { PlaceholderPage } from '../../components/placeholder-page';

export default function PricingPage() {
  return <PlaceholderPage title="Precios" />;
}
