import { Suspense } from 'react';
import { Outlet } from 'react-router';

/** Navigation, footer, cookie banner and the global overlays wrap every route. */
export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Suspense fallback={<div className="p-8 text-center">Cargando...</div>}>
        <Outlet />
      </Suspense>
    </div>
  );
}
