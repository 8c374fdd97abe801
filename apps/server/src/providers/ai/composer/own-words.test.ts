import { describe, expect, it } from 'vitest';
import { answerApplied } from './answer-applied';
import { kindById } from './brief/detect';

/** The brief's own words on the page, never another trade's (issue 37, ADR 0269). */

const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
const site = (prompt: string) => answerApplied(prompt).files['index.html'] ?? '';

describe('a brief read in its own words', () => {
  it('shows the services of a bare list or after "hacemos", and the business’s own claims', () => {
    const page = text(
      site(
        'Cerrajería Ruiz en Teruel. Hacemos apertura de puertas, cambio de bombines y copias de llaves. Llevamos 22 años en el oficio. Tel 978 11 22 33.',
      ),
    );
    for (const s of ['Apertura de puertas', 'Cambio de bombines', 'Copias de llaves', 'Llevamos 22 años en el oficio.'])
      expect(page).toContain(s);
    const it = text(
      site(
        'soporte IT en Córdoba, TecnoAyuda. reparación de PC y notebooks, redes y wifi, cámaras de seguridad, backup. WhatsApp 351 678 9021.',
      ),
    );
    for (const s of ['Redes y wifi', 'Cámaras de seguridad', 'Backup']) expect(it).toContain(s);
  });

  it('names the people who introduce themselves, and never a price list the brief gave no prices for', () => {
    const html = site(
      'peluqueria canina en Valencia que se llama Guau Estilistas. soy Laura y trabajo con mi compañera Sandra. Sin precios. tlf 622 18 94 03',
    );
    expect(text(html)).toContain('Laura');
    expect(text(html)).toContain('Sandra');
    expect(html).not.toContain('data-section="pricing"');
  });

  it('a kind reached through a neighbouring word shows none of its sample items or promise', () => {
    const hotel = kindById('hotel');
    const page = text(
      site('Necesito web para hostal mochilero en Cusco. Nombre Inti Wasi Backpackers. whatsapp +51 984 221 307'),
    );
    for (const sample of [...hotel.items[0], hotel.tagline[0]]) expect(page).not.toContain(sample);
  });

  it('a section asked for by a name of its own gets a titled block with that name', () => {
    const page = text(
      site('Notaría López en Madrid, tel 91 563 20 48. Deberá incluir un apartado de documentación necesaria y un mapa.'),
    );
    expect(page).toContain('Documentación necesaria');
  });
});

describe('follow-ups as people say them', () => {
  const base = () =>
    answerApplied(
      'Plumber in Dublin, Declan Byrne Plumbing. Services: boiler service €90, boiler installs, leaks, radiators. Call 087 234 5678.',
    ).files;
  it('removes what is no longer offered', () => {
    const after = answerApplied("take out boiler installs, I'm not doing them anymore", base());
    expect(text(after.files['index.html'] ?? '')).not.toContain('Boiler installs');
    expect(text(after.files['index.html'] ?? '')).toContain('Leaks');
  });
  it('adds a service said as "también doy…", and takes the colour asked for, not the one it replaces', () => {
    const academy = answerApplied(
      'Clases de piano en Sevilla con Rocío. Clases: particulares en mi casa, a domicilio. Tel 600 11 22 33.',
    ).files;
    const added = answerApplied('pon que también doy clases de lenguaje musical', academy);
    expect(text(added.files['index.html'] ?? '')).toContain('Clases de lenguaje musical');
    const green = answerApplied('ponelo en verde oscuro en vez de azul', academy);
    expect(green.files['style.css']).not.toEqual(academy['style.css']);
    expect(green.prose).not.toMatch(/#2563eb/);
  });
  it('changes the price of the one item that shares most words with the request', () => {
    const hostel = answerApplied(
      'Hostal Inti Wasi en Cusco. Camas en dormitorio compartido 35 soles, habitación privada 110 soles. whatsapp +51 984 221 307',
    ).files;
    const after = answerApplied('pon el precio del dormitorio compartido en 40 soles', hostel);
    expect(text(after.files['index.html'] ?? '')).toContain('40 soles');
    expect(text(after.files['index.html'] ?? '')).toContain('110 soles');
  });
});
