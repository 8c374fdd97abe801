import { act, cleanup, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';

describe('toasts (issue 43)', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('keeps an error until it is closed, while a success goes by itself', async () => {
    vi.useFakeTimers();
    render(<Toaster closeButton />);
    act(() => {
      toast.success('Sitio publicado');
      toast.error('El compositor local no puede conectar con tu tienda de Shopify: hace falta un servicio externo.');
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(screen.queryByText('Sitio publicado')).toBeNull();
    expect(screen.getByText(/no puede conectar con tu tienda de Shopify/)).toBeTruthy();
  });

  it('keeps a toast with an action until it is closed, so the keyboard can reach its button', async () => {
    vi.useFakeTimers();
    render(<Toaster closeButton />);
    act(() => {
      toast.success('Sitio publicado', { action: { label: 'Abrir sitio', onClick: () => {} } });
      toast.success('Exportado');
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(screen.getByText('Sitio publicado')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abrir sitio' })).toBeTruthy();
    expect(screen.queryByText('Exportado')).toBeNull();
  });
});
