import { describe, expect, it } from 'vitest';
import { analysePrompt } from '../analyse';
import { composeFromPrompt } from '../compose';
import { asksDark, chooseFamily, heroVariantFor } from './choose';
import { families } from './families.data';
import { fontFaces, renderFonts } from './fonts';
import { contrastPairs, fitPalette } from './palette';

describe('design families (issue 38)', () => {
  it('are at least ten whole systems, two dark and one high-contrast, with ten heading typefaces', () => {
    expect(families.length).toBeGreaterThanOrEqual(10);
    expect(families.filter((f) => f.dark).length).toBeGreaterThanOrEqual(2);
    expect(families.some((f) => f.highContrast)).toBe(true);
    expect(new Set(families.map((f) => f.display.font)).size).toBeGreaterThanOrEqual(10);
    for (const layout of ['split', 'full', 'editorial', 'collage', 'type'])
      expect(families.some((f) => f.layout.hero === layout)).toBe(true);
    for (const layout of ['cards', 'list', 'rows']) expect(families.some((f) => f.layout.services === layout)).toBe(true);
  });

  it('fit any brand colours, the user’s own included, to WCAG AA on every family', () => {
    const colours = ['#ffff00', '#111827', '#ffffff', '#39ff14', '#dc2626', '#d6c7a1', '#1e3a8a', '#ca8a04'];
    for (const family of families) {
      for (const primary of colours) {
        for (const accent of colours) {
          const pairs = contrastPairs(fitPalette({ primary, accent }, family), family);
          for (const [pair, ratio] of pairs) {
            expect(ratio, `${family.id} ${primary}/${accent} ${pair}`).toBeGreaterThanOrEqual(4.5);
          }
        }
      }
    }
  });

  it('are chosen deterministically from the style words, a dark ask, the kind and the tone', () => {
    const pick = (text: string) => analysePrompt(text).family;
    expect(pick('Escape room en Madrid, todo negro con detalles en verde neón')).toBe('neon');
    expect(families.find((f) => f.id === pick('Bar de cócteles nocturno en Bilbao, elegante'))?.dark).toBe(true);
    expect(pick('Joyería Lumen en Sevilla, elegante y sofisticada')).toBe('atelier');
    expect(pick('Clínica dental Sonríe en Valencia, accesible y con alto contraste para mayores')).toBe('signal');
    expect(pick('Panadería La Espiga en Sevilla')).toBe(pick('Panadería La Espiga en Sevilla'));
    // "verde oscuro" is a colour, not a dark site.
    expect(asksDark('una web en verde oscuro y blanco')).toBe(false);
    expect(asksDark('quiero la web en modo oscuro')).toBe(true);
    const light = chooseFamily({ text: '', kindFamily: 'restaurant', kindId: 'tapas', tone: 'warm', dark: false });
    expect(light.dark).toBe(false);
  });

  it('ship their typefaces with the site from @fontsource, never from a font service', () => {
    const { files } = composeFromPrompt('Estudio de arquitectura Vértice en Bilbao, minimalista');
    const fonts = files.find((f) => f.path === 'fonts.css')?.content ?? '';
    const css = files.find((f) => f.path === 'style.css')?.content ?? '';
    expect(fonts).toContain('font-family: "Instrument Serif"');
    expect(fonts).not.toMatch(/https?:\/\//);
    expect(css).toMatch(/--font-display: "Instrument Serif"/);
    for (const family of families) {
      // Three faces at most, and a budget a phone can afford on the first screen.
      expect(fontFaces(family).length).toBeLessThanOrEqual(3);
      expect(renderFonts(family).length).toBeLessThan(110_000);
    }
  });
});

describe('the neutral kind does not open every business alike', () => {
  it('spreads the hero arrangement over the business nouns of sites without a template', () => {
    const nouns = [
      'sombrerería',
      'tapicería',
      'herbolario',
      'cestería',
      'velería',
      'afilador',
      'luthier',
      'vivero',
      'óptica',
      'imprenta',
    ];
    const variants = new Set(nouns.map((noun) => heroVariantFor('business', noun)));
    expect(variants.size).toBeGreaterThanOrEqual(4);
    // The same business always gets the same arrangement.
    expect(heroVariantFor('business', 'Herbolario')).toBe(heroVariantFor('business', 'herbolario'));
  });
  it('gives a brief with no template its business noun to key the layout by', () => {
    expect(analysePrompt('Tengo una sombrerería en Cádiz, sombreros a medida.').noun?.toLowerCase()).toContain('sombrerer');
  });
});
