import { describe, expect, it } from 'vitest';
import { analysePrompt } from './analyse';
import { composeFromPrompt } from './compose';

/** The brief reader on the failure classes of issue 21 (our own examples, not the held-out set). */

const html = (prompt: string) => composeFromPrompt(prompt).files.find((f) => f.path === 'index.html')?.content ?? '';

describe('reading the brief', () => {
  it('keeps the name exactly as written, with inner "de la", "y" and "&"', () => {
    expect(analysePrompt('Bodega de la Sierra, vinos de Ribera con visitas y catas').name).toBe('Bodega de la Sierra');
    expect(analysePrompt('Web para Hermanos Pérez y Gil, fontaneros en Zaragoza').name).toBe('Hermanos Pérez y Gil');
    expect(analysePrompt('Despacho de abogados García & Asociados en Zaragoza').name).toBe('García & Asociados');
    expect(analysePrompt('Clínica Dental Sonríe en Valencia, con citas online').name).toBe('Clínica Dental Sonríe');
    expect(analysePrompt('DevSummit 2026, conferencia de desarrolladores en Madrid').name).toBe('DevSummit 2026');
    expect(analysePrompt("Quiero una web para mi panadería 'La Espiga' en Sevilla").name).toBe('La Espiga');
    expect(analysePrompt('Website for Golden Crust, a family bakery in Leeds').name).toBe('Golden Crust');
  });

  it('tells the kind from the head noun, not from a word of the name or a modifier', () => {
    expect(analysePrompt('Librería Café Papiro, en Salamanca').kindId).toBe('bookshop');
    expect(analysePrompt('Portfolio for a wedding photographer in Cádiz').kindId).toBe('photographer');
    expect(analysePrompt('Clínica de fisioterapia Movimiento en Bilbao').kindId).toBe('physio');
    expect(analysePrompt('Web de panadería La Espiga con galería y mapa').kindId).toBe('bakery');
    expect(analysePrompt('Clínica Dental Sonríe').kindId).toBe('dental');
    expect(analysePrompt('DevSummit 2026, conferencia en Madrid').kindId).toBe('conference');
    expect(analysePrompt('Currículum de Ana Ruiz con carta de presentación').kindId).toBe('cv');
  });

  it('reads "carta" as a menu only for places that serve food', () => {
    expect(analysePrompt('Restaurante El Faro con carta y reservas').sections).toContain('menu');
    expect(analysePrompt('CV de Ana Ruiz con carta de presentación').sections).not.toContain('menu');
  });

  it('keeps an English brief English despite accented place names', () => {
    expect(analysePrompt('A website for a bakery in Cádiz called Sun Loaf, with a map').language).toBe('en');
    expect(analysePrompt('Una web para una panadería en Cádiz').language).toBe('es');
  });

  it('copies contact facts and prices as written', () => {
    const b = analysePrompt(
      "Panadería 'La Espiga' en Sevilla, Calle Feria 45. Teléfono 654 123 456, email hola@laespiga.es. Abrimos de lunes a sábado de 7:30 a 14:00. Pan de masa madre 3,50 €, croissants 1,20 €.",
    );
    expect(b.facts).toMatchObject({
      city: 'Sevilla',
      address: 'Calle Feria 45',
      phone: '654 123 456',
      email: 'hola@laespiga.es',
      hours: 'de lunes a sábado de 7:30 a 14:00',
    });
    expect(b.facts?.prices).toEqual([
      { label: 'Pan de masa madre', price: '3,50 €' },
      { label: 'Croissants', price: '1,20 €' },
    ]);
  });

  it('keeps a postal code and city after the street number whole, and still reads a floor and door', () => {
    const physio = analysePrompt(
      'Fisioterapia Turia, clínica de fisioterapia en Valencia. Dirección: Calle de Colón 22, 46004 Valencia. Teléfono: 963 123 456.',
    );
    expect(physio.facts?.address).toBe('Calle de Colón 22, 46004 Valencia');
    expect(
      html('Fisioterapia Turia, clínica de fisioterapia en Valencia. Dirección: Calle de Colón 22, 46004 Valencia.'),
    ).not.toContain('46004 V,');
    expect(analysePrompt('Academia Sol en Madrid, Calle Mayor 5, 3º B, Madrid.').facts?.address).toBe(
      'Calle Mayor 5, 3º B, Madrid',
    );
  });

  it('reads team, speakers and sponsors', () => {
    const b = analysePrompt(
      'DevSummit 2026 en Madrid. Ponentes: Ana Torres, Luis Gómez y Sara Kim. Patrocinadores: Acme, Globex y Initech.',
    );
    expect(b.facts?.speakers.map((p) => p.name)).toEqual(['Ana Torres', 'Luis Gómez', 'Sara Kim']);
    expect(b.facts?.sponsors).toEqual(['Acme', 'Globex', 'Initech']);
    expect(b.sections).toEqual(expect.arrayContaining(['speakers', 'sponsors']));
    const team = analysePrompt('Clínica Dental Sonríe. Equipo: Dra. Marta Sanz (odontóloga) y Dr. Pedro Gil (ortodoncista).');
    expect(team.facts?.team).toEqual([
      { name: 'Dra. Marta Sanz', role: 'odontóloga' },
      { name: 'Dr. Pedro Gil', role: 'ortodoncista' },
    ]);
  });
});

describe('briefs as people type them', () => {
  it('names opened by an article, with "en el" inside, or after a lone sentence-case word', () => {
    expect(analysePrompt('La Espiga, panadería artesanal en Sevilla.').name).toBe('La Espiga');
    expect(analysePrompt('Festival Rock en el Valle, 14-16 agosto, en Benidorm').name).toBe('Festival Rock en el Valle');
    expect(analysePrompt('Casa rural La Tejera de Fausto, en la sierra de Segovia').name).toBe('La Tejera de Fausto');
    expect(analysePrompt('alquiler de bicis en Palma de Mallorca: Bike Palma. bici 12€/dia').name).toBe('Bike Palma');
    expect(analysePrompt('Gestoría Ramos, gestoría en Badajoz').name).toBe('Gestoría Ramos');
  });

  it('plural cues, lower-case cities, thousands and English with a Spanish name', () => {
    expect(analysePrompt('Talleres Hermanos Gil, taller mecánico en Lugo').kindId).toBe('carworkshop');
    expect(analysePrompt('clinica dental en alcalá de henares').facts?.city).toBe('Alcalá de Henares');
    expect(analysePrompt('Full day coverage £1,800').facts?.prices[0]?.price).toBe('£1,800');
    expect(
      analysePrompt('Tacos El Güero, a Mexican taqueria in Los Angeles. Menu: al pastor tacos $3.50. Order by WhatsApp').language,
    ).toBe('en');
    expect(
      analysePrompt('I need a site for my independent bookshop called Chapter One. Book club, email books@chapterone.co.uk')
        .kindId,
    ).toBe('bookshop');
  });
});

describe('writing for the kind', () => {
  it('shows every given fact, the map link and the WhatsApp link', () => {
    const page = html(
      "Panadería 'La Espiga' en Sevilla, Calle Feria 45. Teléfono 654 123 456. Abrimos de lunes a sábado de 7:30 a 14:00. Pan de masa madre 3,50 €. Con galería, mapa y WhatsApp.",
    );
    for (const fact of [
      'La Espiga',
      'Sevilla',
      'Calle Feria 45',
      '654 123 456',
      'de lunes a sábado de 7:30 a 14:00',
      'Pan de masa madre',
      '3,50 €',
    ]) {
      expect(page).toContain(fact);
    }
    expect(page).toContain('https://wa.me/34654123456');
    expect(page).toContain('https://www.google.com/maps/search/?api=1&amp;query=Calle%20Feria%2045%2C%20Sevilla');
    expect(page).toContain('data-section="gallery"');
    expect(page).toMatch(/Panader[ií]a/);
  });

  it('never invents contact data, a filler brand or another industry’s words', () => {
    const page = html('Clínica Dental Sonríe en Valencia');
    expect(page).not.toMatch(/Calle Mayor|Grupo Horizonte|Reservar mesa|para tu negocio|carrito|@sonrie|tel:/i);
    expect(page).toContain('Tratamientos');
    const conference = html('DevSummit 2026, conferencia de desarrolladores');
    expect(conference).not.toMatch(/Nimbus|\$9|\$29|Reservar mesa/);
    // Speakers nobody named are not made up (issue 38): no section unless asked, then editor-only.
    expect(conference).not.toContain('data-section="speakers"');
    expect(html('DevSummit 2026, conferencia de desarrolladores con ponentes')).toMatch(
      /<section[^>]*id="speakers"[^>]*data-placeholder="editor"/,
    );
  });

  it('forms are plain HTML posts with named fields and no fake thank-you', () => {
    const { files } = composeFromPrompt('Restaurante El Faro en Cádiz con reservas');
    const page = files.find((f) => f.path === 'index.html')?.content ?? '';
    expect(page).toMatch(/<form class="contact-form reveal" method="post" name="reserva">/);
    expect(page).toMatch(/<input name="date" type="date" required>/);
    const script = files.find((f) => f.path === 'script.js')?.content ?? '';
    expect(script).not.toMatch(/preventDefault|Gracias|cart/i);
  });

  it('gives the same site for the same brief', () => {
    const prompt = 'Estudio de yoga Prana en Granada, elegante';
    expect(composeFromPrompt(prompt).files).toEqual(composeFromPrompt(prompt).files);
  });
});

/** Classes found by the fresh corpus (bench/corpus/composer-briefs-fresh.ts), on examples of their own. */
describe('reading briefs written unlike the first corpora', () => {
  it('takes the people after any role label, single names included', () => {
    const a = analysePrompt('Coro Amigos del Ebro en Tudela. Director: Jon Ander Ruiz. Ensayos los lunes.');
    expect(a.facts?.team.map((p) => p.name)).toEqual(['Jon Ander Ruiz']);
    const b = analysePrompt('barberia en cuenca, barberos: Nacho y Fito, corte 10€');
    expect(b.facts?.team.map((p) => p.name)).toEqual(['Nacho', 'Fito']);
    const c = analysePrompt('yoga studio in Leeds, teachers (Amy Stone, Raj Patel), drop-in £9');
    expect(c.facts?.team.map((p) => p.name)).toEqual(['Amy Stone', 'Raj Patel']);
    const d = analysePrompt('Psicólogos: Dr. Iván Mora y Dra. Eva Gil. Consulta 50 €');
    expect(d.facts?.team.map((p) => p.name)).toEqual(['Iván Mora', 'Eva Gil']);
  });

  it('never takes a number, a phone or team names as the name', () => {
    expect(analysePrompt('fontanero urgente 24h en Getafe, Fontanería Los Pinos, 600 111 222').name).toBe('Fontanería Los Pinos');
    expect(analysePrompt('floristeria en lugo, ramos y centros. 982 11 22 33').name).not.toMatch(/\d/);
    expect(analysePrompt('tatuajes en soria, tatuadores: Kike y Sara. cita previa').name).not.toBe('Kike y Sara');
    expect(analysePrompt('Portfolio for Ito + Berg Studio, Oslo').name).toBe('Ito + Berg Studio');
  });

  it('reads the language of an English brief full of Spanish dishes and places', () => {
    const a = analysePrompt('Tapas place in Leeds called Casa de la Abuela. Menu: tortilla de patatas £5, gambas al ajillo £8.');
    expect(a.language).toBe('en');
    expect(analysePrompt('Guided walks on the Camino de Santiago from Sarria, 5 days from €600').language).toBe('en');
    expect(analysePrompt("Sam's Diner, Denver. Pancakes $6, coffee $2. Mon-Fri 7am-2pm, weekends 8-1").language).toBe('en');
  });

  it('finds hours past phone ranges and counts, and keeps the closed days', () => {
    const a = analysePrompt(
      'Guardería Los Osos de 0 a 3 años en Lugo. Tel 982 10-20-30. Abierto de 8:00 a 16:00, cerrado domingos',
    );
    expect(a.facts?.hours).toBe('8:00 a 16:00; cerrado domingos');
    expect(analysePrompt('taller en soria, cerrado sabados y domingos').facts?.hours).toBe('cerrado sabados y domingos');
  });

  it('reads cities without accents or in capitals, and a city with "de la"', () => {
    expect(analysePrompt('Taller Pérez, reparaciones en CORDOBA. 957 00 00 00').facts?.city).toBe('Córdoba');
    expect(analysePrompt('peluqueria en cadiz').facts?.city).toBe('Cádiz');
    expect(analysePrompt('Bodega Ruiz, Jerez de la Frontera. Visitas 15 €').facts?.city).toBe('Jerez de la Frontera');
  });

  it('reads prices in soles, USD and pesos written before the figure', () => {
    const prices = analysePrompt('clases de guitarra en Cusco, mensual S/ 120, online USD 30').facts?.prices.map((p) => p.price);
    expect(prices).toEqual(['S/ 120', 'USD 30']);
  });

  it('reads one-word European streets and single-letter street names', () => {
    expect(analysePrompt('bike shop in Utrecht, Oudegracht 120, open daily').facts?.address).toBe('Oudegracht 120');
    expect(analysePrompt('Dental office at 450 C Street, San Diego').facts?.address).toMatch(/^450 C Street/);
  });

  it('reads coordinated English modifiers as modifiers of the last noun', () => {
    expect(analysePrompt('Portrait & event photographer based in Leeds').kindId).toBe('photographer');
    // The noun closing an English name is its head, over a page word such as "portfolio".
    expect(analysePrompt('Portfolio site for Berg + Ito Architects, Oslo').kindId).toBe('architect');
  });

  it('takes a Spanish name that opens with its kind as that kind', () => {
    expect(analysePrompt('CATERING LA TORRE - BODAS Y EVENTOS EN JAEN').kindId).toBe('catering');
  });

  it('shows requested sections it has no template for, with the given fact or a placeholder', () => {
    const page = html('Restaurante Casa Luz en Soria, queremos la carta de vinos y una sección trabaja con nosotros');
    expect(page).toContain('<h3>Carta de vinos</h3>');
    expect(page).toContain('<h3>Trabaja con nosotros</h3>');
    const studio = html('Architecture studio Nord in Bergen, founded in 2011, with a timeline and a before/after gallery');
    expect(studio).toContain('Since 2011.');
    expect(studio).toContain('<h3>Before and after</h3>');
    expect(html('Panadería Trigo en Soria, pan y bollos')).not.toContain('extra-block');
    // A word used only to describe ("20 años de trayectoria") asks for nothing.
    expect(html('Abogada laboralista en Soria con 20 años de trayectoria')).not.toContain('extra-block');
  });
});

describe('reading the brief: the business over whom it serves, names and places as given', () => {
  it('decides the kind by the business noun, not by the clients or what it sells', () => {
    // Clients after a bare "para"/"for" describe, they do not decide.
    expect(analysePrompt('Estudio de vídeo corporativo para bodas y comuniones en Teruel').kindId).not.toBe('wedding');
    expect(analysePrompt('Mobile car valeting for restaurants and hotels in Derby').kindId).not.toMatch(/restaurant|hotel/);
    // "para mi boda" is the site's own subject.
    expect(analysePrompt('Una web para nuestra boda en Soria, el 3 de mayo').kindId).toBe('wedding');
    // A funeral home that also arranges flowers is not a florist.
    expect(analysePrompt('Funeraria La Paz en Lorca: velatorio, traslados, flores y esquelas').kindId).toBe('funeral');
    expect(analysePrompt('Family-run funeral home in Bath. We arrange flowers and cremation.').kindId).toBe('funeral');
    // A tool for a business activity is software.
    expect(analysePrompt('Tallyo, a scheduling tool for dog walkers. Plans from $9/mo').kindId).toBe('saas');
    expect(analysePrompt('Nóminas Fácil, software de nóminas para gestorías. Desde 19 €/mes').kindId).toBe('saas');
  });

  it('keeps a lower-case name that follows the kind words, title-cased', () => {
    expect(analysePrompt('panaderia el trigal en burgos, pan de leña. 947 11 22 33').name).toBe('El Trigal');
    expect(analysePrompt('libreria de viejo la hoja suelta en teruel, libros usados').name).toBe('La Hoja Suelta');
    // Words that only describe the business are no name.
    expect(analysePrompt('panaderia artesana en burgos, pan de leña').name).not.toBe('Artesana');
  });

  it('keeps names with an inner comma or an exclamation', () => {
    expect(analysePrompt('Website for Baker, Ortiz & Stone LLP, tax advisers in Leeds').name).toBe('Baker, Ortiz & Stone LLP');
    expect(analysePrompt('Escuela de baile ¡Ole! en Jaén').name).not.toBe('Jaén');
    expect(analysePrompt('Tienda de juguetes Yupi! en Teruel, juguetes de madera').name).toBe('Yupi!');
  });

  it('prefers the most specific place: a town beside its region, a place in brackets', () => {
    expect(analysePrompt('Casa rural El Roble, Potes (Cantabria). Cuatro habitaciones.').facts?.city).toBe('Potes');
    expect(analysePrompt('Frantoio Verdi, olive oil mill in Tuscany (Montalcino), tastings €15').facts?.city).toBe('Montalcino');
    expect(analysePrompt('Lindgren Design Studio (Stockholm). Interiors and furniture.').facts?.city).toBe('Stockholm');
    // A known city inside another name ("Examen Oxford") gives way to the place the brief names.
    expect(analysePrompt('Academia Top English en Getafe. Preparación exámenes Oxford.').facts?.city).toBe('Getafe');
  });
});

describe('reading the brief: lists after a price, bullets and places among people', () => {
  it('keeps the products listed after a priced item', () => {
    const a = analysePrompt('obrador Migas de Soria. empanadas por encargo desde 18€, torreznos, rosquillas y mantecados.');
    expect(a.facts?.items).toEqual(expect.arrayContaining(['Torreznos', 'Rosquillas', 'Mantecados']));
    // A sentence that goes on after the price is no list of products.
    expect(analysePrompt('Bar Pepe. cañas 2€, tenemos partidos en pantalla grande los domingos').facts?.items).toEqual([]);
    expect(analysePrompt('Plans: Basic $5/mo, Plus $15/mo').facts?.items).toEqual([]);
  });

  it('ends a list at a bullet and never takes a place for a person', () => {
    const a = analysePrompt(
      'Website for Kerr & Patel, family lawyers in Portland. Sections:\n- Lawyers: Ann Kerr, Ravi Patel\n- Contact form\n- Practice areas (divorce, custody, adoption)',
    );
    expect(a.facts?.team.map((p) => p.name)).toEqual(['Ann Kerr', 'Ravi Patel']);
    expect(a.facts?.services).toEqual(['Divorce', 'Custody', 'Adoption']);
  });

  it('reads "book a call" as a booking section', () => {
    expect(analysePrompt('Career mentor Lena Ortiz, Dublin. Book a free intro call. lena@ortiz.ie').sections).toContain(
      'booking',
    );
    expect(analysePrompt('Psicóloga Eva Sanz en Lugo. Agenda una sesión online.').sections).toContain('booking');
  });

  it('reads a second round of names and places: opening marks, quoted section titles, towns', () => {
    expect(analysePrompt('Ludoteca ¡Jugamos! en Tudela, cumpleaños y talleres').name).toBe('¡Jugamos!');
    // A quoted section title is not the business name; the named person is.
    expect(analysePrompt('Logopeda Sara Gil Peña en Arganda. Quiero un apartado "Quién soy" y cita previa.').name).toContain(
      'Sara Gil Peña',
    );
    expect(analysePrompt('herbolario y tienda ecologica la raiz de ana en astorga (leon). tes, especias').name).toBe(
      'La Raiz de Ana',
    );
    expect(analysePrompt('herbolario y tienda ecologica la raiz de ana en astorga (leon). tes, especias').facts?.city).toBe(
      'Astorga',
    );
    expect(analysePrompt('Mobile dog groomers serving Ipswich and nearby villages. 01473 555 010').facts?.city).toBe('Ipswich');
  });
});

describe('reading the brief: a third round (abbreviations, sentence ends, routes, containers)', () => {
  it('keeps an abbreviation or a plus inside a name', () => {
    expect(analysePrompt('Carpintería Hnos. García en Lorca, muebles a medida').name).toContain('Hnos. García');
    expect(analysePrompt('Farmacia Sta. Lucía en Écija, abierta hasta las 22h').name).toContain('Sta. Lucía');
    expect(analysePrompt('Gimnasio Fuerza+ en Écija, abierto 24h').name).toContain('Fuerza+');
  });

  it('never reads a price or a phone across words or sentences', () => {
    const cowork = analysePrompt('Nido Coworking in Porto. Open 7 days, 9:00–19:00. Desk €12/day or €150/month.');
    expect(cowork.facts?.prices).toEqual([{ label: 'Desk', price: '€12/day or €150/month' }]);
    expect(analysePrompt('Café Lusitano in Porto. Rua das Flores 210. Open daily').facts?.address).toBe('Rua das Flores 210');
    const hostel = analysePrompt('Hostal La Parada en Tineo. Calle del Río 7. 985 80 12 34. Camas desde 20€');
    expect(hostel.facts?.phone).toBe('985 80 12 34');
  });

  it('takes the town over a route or region named after a city, and a clinic’s specialty as its kind', () => {
    expect(analysePrompt('Albergue El Cruceiro en Portomarín, en pleno Camino de Santiago. Literas a 14€').facts?.city).toBe(
      'Portomarín',
    );
    expect(analysePrompt('Albergue El Cruceiro en Portomarín, literas a 14€').kindId).toBe('hotel');
    expect(analysePrompt('Greenfield Veterinary Clinic, Leeds. Dental care, vaccinations and surgery for pets.').kindId).toBe(
      'vet',
    );
  });

  it('reads a brief written in capitals: the name ends at "EN", the town and the street are kept', () => {
    const shop = analysePrompt('FRUTERIA LOS HUERTOS EN TOLEDO. ESTAMOS EN AVDA. DE EUROPA 12. TLF 925 11 22 33');
    expect(shop.name).toBe('FRUTERIA LOS HUERTOS');
    expect(shop.facts?.city).toBe('Toledo');
    expect(shop.facts?.address).toBe('AVDA. DE EUROPA 12');
    expect(analysePrompt('CONCIERTOS JAZZ EN EL PARQUE, festival en Huesca').name).toBe('CONCIERTOS JAZZ EN EL PARQUE');
  });
});
