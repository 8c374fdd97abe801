import { parseOutput } from '@div/site-engine/parse';
import { describe, expect, it } from 'vitest';
import { buildMessages } from '../../../modules/generation/prompts';
import { answer } from './provider';

const images = [
  { name: 'logo.png', width: 400, height: 120, bytes: 20_000, alt: 'Logo de Café Lúa' },
  { name: 'terraza.jpg', width: 1600, height: 1067, bytes: 310_000, alt: 'La terraza al atardecer' },
  { name: 'tarta.jpg', width: 960, height: 960, bytes: 120_000, alt: 'Tarta de queso' },
  { name: 'cafe.jpg', width: 960, height: 1200, bytes: 150_000, alt: '' },
];

const indexOf = (text: string) => parseOutput(text).files.find((f) => f.path === 'index.html')?.content ?? '';

describe('own images in prompts and in the local composer (issue 24)', () => {
  it('lists the space images for the model with path, size, weight and alt', () => {
    const [, user] = buildMessages({
      prompt: 'pon mi logo en la cabecera',
      files: [{ path: 'index.html', content: '<h1>x</h1>' }],
      images,
    });
    expect(user?.content).toContain('- images/logo.png (400×120 px, 20 KB, alt: "Logo de Café Lúa")');
    expect(user?.content).toContain('- images/cafe.jpg (960×1200 px, 146 KB)');
    const [, none] = buildMessages({ prompt: 'hola', files: [] });
    expect(none?.content).not.toContain('images/');
  });

  it('puts the logo in the header, a wide photo in the hero and the rest in the gallery', () => {
    const html = indexOf(answer('Una web para la cafetería Café Lúa en Vigo con galería de fotos', [], undefined, images));
    expect(html).toContain(
      '<a class="brand" href="#top"><img class="brand-logo" src="images/logo.png" alt="" width="400" height="120">',
    );
    expect(html).toMatch(
      /<div class="hero-art[^>]*>[\s\S]*<img class="hero-photo" src="images\/terraza\.jpg" alt="La terraza al atardecer"/,
    );
    expect(html).toContain(
      '<img class="gallery-photo" src="images/tarta.jpg" alt="Tarta de queso" width="960" height="960"><figcaption>Tarta de queso</figcaption>',
    );
    expect(html).toContain('src="images/cafe.jpg"');
    expect(html).not.toContain('brand-mark');
  });

  it('composes exactly the same site when the space has no images', () => {
    const prompt = 'Una web para la cafetería Café Lúa en Vigo con galería de fotos';
    expect(answer(prompt, [], undefined, [])).toBe(answer(prompt, []));
  });
});
