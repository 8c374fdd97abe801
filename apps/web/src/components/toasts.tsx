import { Toaster } from 'sonner';
import { useTheme } from '../lib/theme';

export default function Toasts() {
  const [theme] = useTheme();
  return <Toaster theme={theme} position="top-center" offset={72} richColors closeButton />;
}
