import { describe, expect, it } from 'vitest';
import { allKinds } from './brief/detect';
import { composeFromPrompt } from './compose';
import { planFollowUp } from './followup';
import { hasIcon, kindIconNames, svgIcon } from './icons';
import { wordIcons } from './icons.data';

/** The map section and the kind's icons (issue 21): a working map only where the place is known. */

const page = (prompt: string) => composeFromPrompt(prompt).files.find((f) => f.path === 'index.html')?.content ?? '';

describe('map section', () => {
  it('embeds OpenStreetMap with a marker at the coordinates the brief gives', () => {
    const html = page("Panadería 'La Espiga' en Sevilla, Calle Feria 23, coordenadas 37.3990, -5.9920, con mapa");
    expect(html).toContain(
      'src="https://www.openstreetmap.org/export/embed.html?bbox=-5.998,37.395,-5.986,37.403&amp;layer=mapnik&amp;marker=37.399,-5.992"',
    );
    expect(html).toMatch(/<iframe class="map-embed[^"]*" title="Mapa: Calle Feria 23, Sevilla"/);
    expect(html).toContain('href="https://www.openstreetmap.org/?mlat=37.399&amp;mlon=-5.992#map=17/37.399/-5.992"');
  });

  it('reads coordinates from a map link', () => {
    const html = page('Bakery Crumb in Leeds, find us at https://www.openstreetmap.org/#map=18/53.7997/-1.5492 with a map');
    expect(html).toContain('marker=53.7997,-1.5492');
  });

  it('without coordinates shows the address and a link, never an embedded guess', () => {
    const html = page("Panadería 'La Espiga' en Sevilla, Calle Feria 23, con mapa. Pan a 3.5000, 1.2000");
    expect(html).not.toContain('<iframe');
    expect(html).toContain('<p class="map-address" data-fact="address">Calle Feria 23, Sevilla</p>');
    expect(html).toContain('https://www.google.com/maps/search/?api=1&amp;query=Calle%20Feria%2023%2C%20Sevilla');
  });

  it('a new address replaces the embedded map, which would show the old place', () => {
    const files = composeFromPrompt(
      "Panadería 'La Espiga' en Sevilla, Calle Feria 23, coordenadas 37.3990, -5.9920, con mapa",
    ).files;
    const html = planFollowUp('cambia la dirección a Calle Sierpes 5', files).changes.get('index.html') ?? '';
    expect(html).toContain('Calle Sierpes 5');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('mlat=37.399');
    expect(html).toContain('query=Calle%20Sierpes%205');
  });
});

describe('icons by kind', () => {
  it('draws the kind’s own Lucide icons inline, with no request to another host', () => {
    const bakery = page("Panadería 'La Espiga' en Sevilla con galería");
    const vet = page('Clínica veterinaria Patitas en Bilbao con servicios y galería');
    expect(kindIconNames('bakery')).toContain('croissant');
    expect(kindIconNames('vet')).toContain('paw-print');
    // Lucide's croissant and paw-print shapes.
    expect(bakery).toContain('<path d="M10.2 18H4.774');
    expect(vet).toMatch(/<circle cx="11" cy="4" r="2"\/>/);
    expect(bakery).not.toBe(vet);
    for (const html of [bakery, vet]) {
      expect(html).not.toMatch(/<(?:img|script|link)[^>]+(?:src|href)="https?:/);
      expect(html).toMatch(/<svg class="icon"[^>]*aria-hidden="true"/);
    }
  });

  it('every kind of the taxonomy has four icons that exist in the bundled set', () => {
    for (const kind of [...allKinds.map((k) => k.id), 'not-a-kind']) {
      const names = kindIconNames(kind);
      expect(names, kind).toHaveLength(4);
      expect(
        names.filter((n) => !hasIcon(n)),
        kind,
      ).toEqual([]);
    }
  });

  it('a line that names a thing gets its icon: a herbalist shows leaves and a cup, never a briefcase', () => {
    const html = page('Herbolario Raíz en Granada: plantas medicinales, infusiones a granel y cosmética natural. Con servicios.');
    const inner = (name: string) => svgIcon(name).replace(/^<svg[^>]*>|<\/svg>$/g, '');
    expect(html).toContain(inner('leaf'));
    expect(html).toContain(inner('coffee'));
    for (const corporate of ['briefcase', 'handshake', 'chart-line']) expect(html).not.toContain(inner(corporate));
    // Two lines of one list do not share an icon while the row has another.
    const physio = page('Fisioterapia Movimiento en Bilbao. Sesión 45 €, bono de 5 sesiones 200 €. Con servicios.');
    const icons = [...physio.matchAll(/<span class="card-icon">(<svg[\s\S]*?<\/svg>)/g)].map((m) => m[1]);
    expect(icons.length).toBeGreaterThan(1);
    expect(new Set(icons).size).toBe(icons.length);
  });

  it('every icon the word table names exists in the bundled set', () => {
    const names = wordIcons.flatMap(([, list]) => list.split(' '));
    expect(names.filter((n) => !hasIcon(n))).toEqual([]);
  });
});
