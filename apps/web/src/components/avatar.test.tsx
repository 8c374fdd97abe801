import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar } from './avatar';

afterEach(cleanup);

describe('Avatar', () => {
  it('shows the picture with alt text', () => {
    render(<Avatar src="https://example.com/a.png" name="Ana" size="lg" />);
    const image = screen.getByRole('img', { name: 'Avatar de Ana' });
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(image.className).toContain('size-16');
  });

  it('falls back to the default picture when the image fails', () => {
    render(<Avatar src="https://lh3.googleusercontent.com/broken" name="Ana" />);
    fireEvent.error(screen.getByRole('img', { name: 'Avatar de Ana' }));
    const fallback = screen.getByRole('img', { name: 'Avatar de Ana' });
    expect(fallback.tagName.toLowerCase()).toBe('svg');
  });

  it('uses the default picture for an empty address', () => {
    render(<Avatar src="  " alt="Foto" size="sm" />);
    expect(screen.getByRole('img', { name: 'Foto' }).tagName.toLowerCase()).toBe('svg');
  });

  it('shows an icon when the SVG fallback is disabled', () => {
    const { container } = render(<Avatar src={null} useSvgFallback={false} size="xl" />);
    const fallback = screen.getByRole('img', { name: 'Avatar de usuario' });
    expect(fallback.getAttribute('data-avatar-state')).toBe('fallback-icon');
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('tries again when the address changes', () => {
    const { rerender } = render(<Avatar src="https://example.com/broken.png" name="Ana" />);
    fireEvent.error(screen.getByRole('img', { name: 'Avatar de Ana' }));
    rerender(<Avatar src="https://example.com/new.png" name="Ana" />);
    expect(screen.getByRole('img', { name: 'Avatar de Ana' }).tagName).toBe('IMG');
  });
});
