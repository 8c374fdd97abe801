import { describe, expect, it } from 'vitest';
import { mergeFormSpecs, rewriteForms, slugOfFormName } from './rewrite';

const page = (body: string, lang = 'es') =>
  `<!DOCTYPE html>\n<html lang="${lang}"><head><title>x</title></head>\n<body>\n${body}\n</body></html>\n`;

describe('rewriteForms', () => {
  it('points a plain contact form at /_div/forms/{name}, adds the honeypot, page and script, and keeps the rest byte for byte', () => {
    const before = '<header><h1>Café Lúa</h1></header>';
    const html = page(
      `${before}<form id="contacto" class="c" onsubmit="return false"><label>Nombre <input name="nombre" required></label>` +
        '<input type="email" name="email" required><textarea name="mensaje"></textarea><button type="submit">Enviar mensaje</button></form>',
    );
    const { html: out, forms } = rewriteForms(html, '/contacto');
    expect(out).toContain(
      '<form id="contacto" class="c" onsubmit="return false" action="/_div/forms/contacto" method="post" data-div-form="contacto">',
    );
    expect(out).toContain('name="_div_hp"');
    expect(out).toContain('<input type="hidden" name="_div_page" value="/contacto">');
    // The slot the server fills with the signed time it serves the page (ADR 0253).
    expect(out).toContain('<input type="hidden" name="_div_s" value="">');
    expect(out).toContain('</form>\n<script src="/_div/forms.js" defer></script></body>');
    expect(out.startsWith(`<!DOCTYPE html>\n<html lang="es"><head><title>x</title></head>\n<body>\n${before}`)).toBe(true);
    expect(forms).toEqual({
      contacto: {
        fields: ['nombre', 'email', 'mensaje'],
        required: ['nombre', 'email'],
        files: [],
        lang: 'es',
        stamped: true,
        // What the page shows for each field (issue 43): the label around the input.
        labels: { nombre: 'Nombre' },
      },
    });
  });

  it('declares the names of buttons, which the browser sends with the pressed one (an image button as name.x, name.y)', () => {
    const { forms } = rewriteForms(
      page(
        '<form id="reserva"><input name="fecha" required><button name="accion" value="reservar">Reservar</button>' +
          '<input type="image" name="mapa" src="m.png" alt="Mapa"><input type="reset" name="borrar"><button>Enviar</button></form>',
      ),
      '/',
    );
    expect(forms.reserva).toEqual({
      fields: ['fecha', 'accion', 'mapa.x', 'mapa.y'],
      required: ['fecha'],
      files: [],
      lang: 'es',
      stamped: true,
      labels: {},
    });
  });

  it('leaves forms with their own external action, GET searches and marked forms alone', () => {
    const html = page(
      '<form action="https://formspree.io/f/abc" method="post"><input name="email"></form>' +
        '<form action="mailto:hola@cafe.example"><input name="x"></form>' +
        '<form method="get" action="/buscar"><input name="q"></form>' +
        '<form role="search"><input type="search" name="term"></form>' +
        '<form><input name="q"><button>Buscar</button></form>' +
        '<form data-div-ignore><input name="y"></form>',
    );
    const { html: out, forms } = rewriteForms(html, '/');
    expect(out).toBe(html);
    expect(forms).toEqual({});
  });

  it('rewrites relative, empty, "#" and javascript: actions, names forms apart, and records file inputs', () => {
    const html = page(
      '<form action="#"><input name="a"></form><form action="/enviar.php" method="POST" enctype="multipart/form-data" target="_blank">' +
        '<input type="file" name="cv"><input name="b"></form><form action="javascript:void(0)" name="Reserva de Mesa"><input name="c"></form>',
      'en-GB',
    );
    const { html: out, forms } = rewriteForms(html, '/');
    expect(out).toContain('action="/_div/forms/formulario"');
    expect(out).toContain('action="/_div/forms/formulario-2"');
    expect(out).toContain('action="/_div/forms/reserva-de-mesa"');
    expect(out).not.toContain('enctype');
    expect(out).not.toContain('target="_blank"');
    expect(out.match(/\/_div\/forms\.js/g)).toHaveLength(1);
    expect(forms['formulario-2']).toEqual({
      fields: ['cv', 'b'],
      required: [],
      files: ['cv'],
      lang: 'en-GB',
      stamped: true,
      labels: {},
    });
  });

  it('finds forms in documents without a body end tag and escapes attribute values', () => {
    const { html: out } = rewriteForms('<form title="a &quot;b&quot; &amp; c"><input name="n"></form>', '/x?"<');
    expect(out).toContain('title="a &quot;b&quot; &amp; c"');
    expect(out).toContain('value="/x?&quot;&lt;"');
    expect(out.endsWith('<script src="/_div/forms.js" defer></script>')).toBe(true);
  });

  it('records what the page calls each field: a label by for= or around it, else aria-label or placeholder', () => {
    const { forms } = rewriteForms(
      page(
        '<form id="cita"><label for="s">Servicio *</label><select id="s" name="service"><option>Corte</option></select>' +
          '<label>Fecha: <input type="date" name="date"></label><input name="time" aria-label="Hora">' +
          '<textarea name="notes" placeholder="Algo más"></textarea><input name="bare">' +
          '<label><input type="radio" name="pago" value="tarjeta"> Tarjeta</label><button>Pedir cita</button></form>',
      ),
      '/',
    );
    expect(forms.cita?.labels).toEqual({ service: 'Servicio', date: 'Fecha', time: 'Hora', notes: 'Algo más' });
  });

  it('returns a page without forms unchanged', () => {
    const html = page('<p>Sin formularios: &lt;form&gt;</p>');
    expect(rewriteForms(html, '/')).toEqual({ html, forms: {} });
  });
});

describe('form names and specs', () => {
  it('makes URL-safe names', () => {
    expect(slugOfFormName('Formulário de Contacto!')).toBe('formulario-de-contacto');
    expect(slugOfFormName('---')).toBe('');
    expect(slugOfFormName('x'.repeat(100))).toHaveLength(60);
  });

  it('merges a form used on two pages: every field, and only what both require', () => {
    const merged = mergeFormSpecs([
      { c: { fields: ['a', 'b'], required: ['a', 'b'], files: [], lang: 'es' } },
      { c: { fields: ['a', 'd'], required: ['a'], files: ['d'], lang: null } },
    ]);
    expect(merged.c).toEqual({ fields: ['a', 'b', 'd'], required: ['a'], files: ['d'], lang: 'es', labels: {} });
  });
});
