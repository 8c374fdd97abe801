import { describe, expect, it } from 'vitest';
import { analysePrompt } from '../analyse';
import { composeFromPrompt } from '../compose';

// Issue 37: the kind follows the noun the writer uses for their own business, never a client, a
// product or a place named elsewhere in the brief. The examples are invented for this test.
describe('the business noun chooses the kind', () => {
  it('does not take the kind from a client after the business noun', () => {
    expect(
      analysePrompt('Reparamos bicis de carretera y de montaña, y damos servicio a gimnasios de la zona. Tel 600 000 000').kindId,
    ).toBe('business');
    expect(analysePrompt('We repair vintage radios and supply parts to museums and schools in Leeds.').kindId).toBe('business');
    expect(analysePrompt('Hacemos cortinas a medida para hoteles y restaurantes en Valencia. Tel 961 00 00 00').kindId).toBe(
      'business',
    );
    expect(analysePrompt('Reparamos cámaras antiguas para fotógrafos y coleccionistas, en Lugo.').kindId).toBe('business');
    expect(analysePrompt('we rent bouncy castles for parties and events in Leeds, call 0113 000 0000').kindId).toBe('business');
  });

  it('builds the neutral layout for a school, clinic or event of a trade outside the taxonomy', () => {
    expect(analysePrompt("Hi! We're a small climbing school in Leeds called Crux Academy. Sessions £12.").kindId).toBe(
      'business',
    );
    expect(analysePrompt('Escuela de cetrería Alas Libres, en Teruel. Cursos de fin de semana 90 €.').kindId).toBe('business');
    expect(analysePrompt('lens repair clinic in Bristol, Focus Fix. Prices from £20.').kindId).toBe('business');
  });

  it('keeps the kind when the business noun names it', () => {
    expect(analysePrompt('Tengo una panadería en Soria y también llevamos café a oficinas y hoteles.').kindId).toBe('bakery');
    expect(analysePrompt('Quiero una web para mi tienda de lámparas en Cuenca, vendemos a hoteles.').kindId).toBe('shop');
    expect(analysePrompt('Autoescuela Meseta, en Ávila. Permiso B.').kindId).toBe('school');
  });

  it('shows none of another trade’s template words on the neutral site', () => {
    const { files } = composeFromPrompt(
      "Hi! We're a small climbing school in Leeds called Crux Academy. Taster session £12, 10-session pass £100.",
    );
    const page = files.find((f) => f.path === 'index.html')?.content ?? '';
    expect(page).toContain('data-kind-id="business"');
    expect(page).not.toMatch(/Learning with curiosity|Programmes|Primary|Early years/);
  });

  it('says the brief’s own noun, not the stock one, when a kind is reached through another word', () => {
    const { files } = composeFromPrompt('Autoescuela Meseta, en Ávila. Permiso B 600 €, clases de moto. Tel 920 00 00 00.');
    const page = files.find((f) => f.path === 'index.html')?.content ?? '';
    expect(page).toContain('data-kind-id="school"');
    expect(page).toMatch(/Autoescuela en Ávila/i);
    expect(page).not.toMatch(/Colegio/);
  });
});
