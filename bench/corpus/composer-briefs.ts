/**
 * The composer's own brief corpus (issue 21): 104 briefs in Spanish and English over many kinds,
 * each with the facts a site must show. Rows are written compactly and expanded through several
 * phrasings, so the same facts arrive the way people write them (short, long, with typos).
 */

export interface CorpusBrief {
  prompt: string;
  language: 'es' | 'en';
  kind: string;
  /** Texts the page must contain, by fact type. */
  facts: Record<string, string[]>;
  /** Sections asked for (data-section ids). */
  sections: string[];
}

type Row = [lang: 'es' | 'en', kind: string, noun: string, name: string, city: string, phone: string, email: string, extra: string, extraFacts: Record<string, string[]>, sections: string[]];

const rows: Row[] = [
  ['es', 'bakery', 'panadería artesanal', 'La Espiga', 'Sevilla', '654 123 456', '', 'Vendemos pan de masa madre a 3,50 € y croissants a 1,20 €.', { prices: ['3,50 €', '1,20 €'] }, ['gallery', 'map', 'whatsapp']],
  ['es', 'dental', 'clínica dental', 'Clínica Dental Sonríe', 'Valencia', '+34 961 234 567', 'hola@sonrie.es', 'Tratamientos: ortodoncia invisible, implantes y blanqueamiento.', { services: ['Ortodoncia invisible', 'Implantes', 'Blanqueamiento'] }, ['booking', 'faq']],
  ['es', 'conference', 'conferencia de desarrolladores', 'DevSummit 2026', 'Madrid', '', 'info@devsummit.dev', 'Ponentes: Ana Torres, Luis Gómez y Sara Kim. Entradas: general 99 €, VIP 199 €.', { people: ['Ana Torres', 'Luis Gómez', 'Sara Kim'], prices: ['99 €', '199 €'] }, ['speakers', 'schedule', 'sponsors', 'map']],
  ['es', 'lawfirm', 'despacho de abogados', 'García & Asociados', 'Zaragoza', '976 555 010', '', 'Somos especialistas en derecho laboral y de familia.', {}, ['team', 'contact']],
  ['es', 'winery', 'bodega', 'Bodega de la Sierra', 'Burgos', '947 111 222', '', 'Visitas con cata los sábados de 11:00 a 13:00.', { hours: ['11:00 a 13:00'] }, ['gallery', 'booking']],
  ['es', 'bookshop', 'librería', 'Librería Café Papiro', 'Salamanca', '', 'papiro@correo.es', 'Tenemos club de lectura.', {}, ['gallery', 'map']],
  ['es', 'physio', 'clínica de fisioterapia', 'Movimiento', 'Bilbao', '944 000 111', '', 'Equipo: Ana López (fisioterapeuta) y Jon Etxeberria (osteópata).', { people: ['Ana López', 'Jon Etxeberria'] }, ['team', 'booking']],
  ['es', 'vet', 'clínica veterinaria', 'Huellas', 'Granada', '958 222 333', '', 'Abrimos de lunes a viernes de 9:00 a 20:00.', { hours: ['9:00 a 20:00'] }, ['faq', 'map']],
  ['es', 'psychologist', 'consulta de psicología', 'Espacio Calma', 'Valladolid', '', 'consulta@espaciocalma.es', 'Sesión individual 60 €, terapia de pareja 80 €.', { prices: ['60 €', '80 €'] }, ['pricing', 'booking']],
  ['es', 'nutritionist', 'nutricionista', 'Come Bien con Laura', 'Murcia', '611 222 333', '', 'Primera consulta 50 €.', { prices: ['50 €'] }, ['pricing', 'testimonials']],
  ['es', 'gym', 'gimnasio', 'Fuerza Norte', 'Oviedo', '985 333 444', '', 'Cuota mensual 39 €, matrícula 20 €.', { prices: ['39 €', '20 €'] }, ['schedule', 'pricing', 'team']],
  ['es', 'yoga', 'estudio de yoga', 'Prana', 'Córdoba', '', 'hola@prana.es', 'Clases de hatha y vinyasa. Bono de 10 clases por 90 €.', { prices: ['90 €'] }, ['schedule', 'pricing']],
  ['es', 'salon', 'peluquería', 'Tijeras de Oro', 'Alicante', '965 444 555', '', 'Corte 18 €, tinte 35 €.', { prices: ['18 €', '35 €'] }, ['pricing', 'booking', 'gallery']],
  ['es', 'barber', 'barbería', 'Los Bigotes', 'Santander', '942 555 666', '', 'Corte y barba por 22 €.', { prices: ['22 €'] }, ['gallery', 'booking']],
  ['es', 'tattoo', 'estudio de tatuajes', 'Tinta Negra', 'Vigo', '', 'citas@tintanegra.es', 'Hacemos línea fina y realismo.', {}, ['gallery', 'faq']],
  ['es', 'photographer', 'fotógrafa de bodas', 'Lucía Martín Fotografía', 'Cádiz', '600 700 800', '', 'Reportaje completo desde 1.200 €.', { prices: ['1.200 €'] }, ['gallery', 'pricing']],
  ['es', 'architect', 'estudio de arquitectura', 'Planta Baja', 'Pamplona', '', 'estudio@plantabaja.es', 'Vivienda unifamiliar y reformas.', {}, ['gallery', 'team']],
  ['es', 'wedding', 'boda', 'Marta y Pablo', 'Toledo', '', '', 'Nos casamos el 12 de septiembre de 2026.', { date: ['12 de septiembre de 2026'] }, ['rsvp', 'map', 'gallery']],
  ['es', 'meetup', 'meetup mensual', 'JS Sevilla', 'Sevilla', '', 'hola@jssevilla.dev', 'Nos vemos el 3 de junio.', { date: ['3 de junio'] }, ['rsvp', 'speakers']],
  ['es', 'festival', 'festival de música', 'Sonidos del Sur', 'Huelva', '', '', 'Del 10 al 12 de julio. Abono 45 €.', { prices: ['45 €'] }, ['schedule', 'pricing', 'sponsors']],
  ['es', 'band', 'grupo de rock', 'Los Relámpagos', 'Zaragoza', '', 'contratacion@losrelampagos.es', 'Próximos conciertos y último disco.', {}, ['schedule', 'gallery']],
  ['es', 'school', 'colegio', 'Colegio Montesol', 'Getafe', '916 000 111', '', 'Infantil y primaria.', {}, ['team', 'faq', 'gallery']],
  ['es', 'languageacademy', 'academia de idiomas', 'Speak Up', 'León', '987 111 000', '', 'Inglés y francés, 70 € al mes.', { prices: ['70 €'] }, ['pricing', 'testimonials']],
  ['es', 'kindergarten', 'escuela infantil', 'Pequeños Pasos', 'Logroño', '941 222 000', '', 'De 0 a 3 años.', {}, ['gallery', 'faq']],
  ['es', 'ngo', 'ONG', 'Manos Abiertas', 'Málaga', '', 'info@manosabiertas.org', 'Buscamos voluntarios.', {}, ['team', 'contact']],
  ['es', 'parish', 'parroquia', 'Parroquia de San Juan', 'Ávila', '920 111 222', '', 'Misas los domingos de 10:00 a 11:00.', { hours: ['10:00 a 11:00'] }, ['schedule', 'map']],
  ['es', 'hotel', 'hotel boutique', 'Hotel Miramar', 'San Sebastián', '943 000 222', '', 'Habitación doble desde 120 € la noche.', { prices: ['120 €'] }, ['gallery', 'booking', 'map']],
  ['es', 'ruralhouse', 'casa rural', 'El Castañar', 'Cáceres', '927 333 111', '', 'Casa completa 180 € por noche.', { prices: ['180 €'] }, ['gallery', 'booking']],
  ['es', 'realestate', 'inmobiliaria', 'Habitat Sur', 'Almería', '950 444 111', '', 'Compra, venta y alquiler.', {}, ['gallery', 'contact']],
  ['es', 'plumber', 'fontanero', 'Fontanería Rápida Ruiz', 'Albacete', '967 555 222', '', 'Urgencias 24 horas.', {}, ['services', 'whatsapp']],
  ['es', 'electrician', 'electricista', 'Voltio', 'Castellón', '964 666 333', '', 'Instalaciones y boletines.', {}, ['services', 'faq']],
  ['es', 'carworkshop', 'taller mecánico', 'Talleres Hermanos Gil', 'Lugo', '982 777 444', '', 'Cambio de aceite 45 €.', { prices: ['45 €'] }, ['pricing', 'map']],
  ['es', 'florist', 'floristería', 'Flor de Lis', 'Girona', '972 888 555', '', 'Ramos desde 25 €.', { prices: ['25 €'] }, ['gallery', 'whatsapp']],
  ['es', 'shop', 'tienda de cerámica', 'Barro y Fuego', 'Teruel', '', 'tienda@barroyfuego.es', 'Tazas 15 € y platos 22 €.', { prices: ['15 €', '22 €'] }, ['products', 'faq']],
  ['es', 'saas', 'software de facturación', 'Facturín', 'Barcelona', '', 'hola@facturin.app', 'Plan básico 9 €/mes y plan pro 29 €/mes.', { prices: ['9 €/mes', '29 €/mes'] }, ['pricing', 'faq']],
  ['es', 'app', 'app móvil de recetas', 'Cocinillas', 'Madrid', '', 'app@cocinillas.es', 'Descárgala gratis.', {}, ['services', 'faq']],
  ['es', 'cv', 'currículum', 'María Pérez', 'Valencia', '', 'maria.perez@correo.es', 'Diseñadora UX con 8 años de experiencia.', {}, ['about', 'contact']],
  ['es', 'blog', 'blog de viajes', 'Mochila Ligera', 'Barcelona', '', '', 'Escribo sobre viajes en tren.', {}, ['posts', 'newsletter']],
  ['es', 'podcast', 'podcast de historia', 'Ecos del Pasado', 'Madrid', '', 'ecos@podcast.es', 'Un episodio cada lunes.', {}, ['episodes', 'newsletter']],
  ['es', 'book', 'novela', 'La Casa del Faro', 'Gijón', '', '', 'Mi nuevo libro sale en octubre.', {}, ['about', 'newsletter']],
  ['es', 'travelagency', 'agencia de viajes', 'Rumbo Norte', 'Santiago de Compostela', '981 000 333', '', 'Escapadas y viajes de novios.', {}, ['testimonials', 'contact']],
  ['es', 'coworking', 'coworking', 'La Colmena', 'Valencia', '', 'hola@lacolmena.es', 'Puesto flexible 120 € al mes.', { prices: ['120 €'] }, ['pricing', 'gallery', 'map']],
  ['es', 'escaperoom', 'escape room', 'Enigma', 'Murcia', '868 111 222', '', 'Partida de 4 personas 60 €.', { prices: ['60 €'] }, ['booking', 'faq']],
  ['es', 'coach', 'coach', 'Avanza con Elena', 'Palma', '', 'elena@avanza.es', 'Sesión individual 70 €.', { prices: ['70 €'] }, ['pricing', 'testimonials']],
  ['es', 'bikerental', 'alquiler de bicicletas', 'Pedalea', 'Sevilla', '655 444 333', '', 'Bici de ciudad 12 € al día.', { prices: ['12 €'] }, ['pricing', 'map']],
  ['es', 'petgrooming', 'peluquería canina', 'Patitas Limpias', 'Málaga', '952 111 999', '', 'Baño 20 €, corte 30 €.', { prices: ['20 €', '30 €'] }, ['pricing', 'gallery']],
  ['es', 'restaurant', 'restaurante', 'El Faro', 'Cádiz', '956 222 111', '', 'Carta: atún de almadraba 24 €, tortillitas de camarones 9 €.', { prices: ['24 €', '9 €'] }, ['menu', 'booking', 'map']],
  ['es', 'cafe', 'cafetería', 'Café Central', 'Salamanca', '', '', 'Desayunos de lunes a viernes de 8:00 a 12:00.', { hours: ['8:00 a 12:00'] }, ['menu', 'gallery']],
  ['es', 'foodtruck', 'food truck', 'Taco Loco', 'Valencia', '677 888 999', '', 'Tacos al pastor 3 €.', { prices: ['3 €'] }, ['menu', 'whatsapp']],
  ['es', 'pizzeria', 'pizzería', 'Forno di Nonna', 'Zaragoza', '976 777 888', '', 'Margarita 9 €, diavola 12 €.', { prices: ['9 €', '12 €'] }, ['menu', 'map']],
  ['es', 'catering', 'catering', 'Mesa Puesta', 'Madrid', '', 'eventos@mesapuesta.es', 'Menús para bodas y empresas.', {}, ['gallery', 'contact']],
  ['es', 'accountant', 'gestoría', 'Gestoría Ramos', 'Badajoz', '924 000 555', '', 'Declaración de la renta desde 40 €.', { prices: ['40 €'] }, ['pricing', 'faq']],
  ['en', 'bakery', 'family bakery', 'Golden Crust', 'Leeds', '0113 496 0000', '', 'We sell sourdough £4.50 and cinnamon buns £2.80.', { prices: ['£4.50', '£2.80'] }, ['map', 'testimonials']],
  ['en', 'dental', 'dental clinic', 'Bright Smile Dental', 'Boston', '(617) 555-0142', 'hello@brightsmile.com', 'Treatments: cleanings, implants and whitening.', { services: ['Cleanings', 'Implants', 'Whitening'] }, ['booking', 'faq']],
  ['en', 'conference', 'developer conference', 'CloudConf 2026', 'Berlin', '', 'team@cloudconf.io', 'Speakers: Maya Patel, Tom Becker and Lin Chen. Tickets $299.', { people: ['Maya Patel', 'Tom Becker', 'Lin Chen'], prices: ['$299'] }, ['speakers', 'schedule', 'sponsors']],
  ['en', 'lawfirm', 'law firm', 'Hart & Cole', 'Chicago', '(312) 555-0199', '', 'Employment and family law.', {}, ['team', 'faq']],
  ['en', 'photographer', 'wedding photographer', 'Emma Reed Photography', 'Brighton', '', 'emma@emmareed.co.uk', 'Full day coverage £1,800.', { prices: ['£1,800'] }, ['gallery', 'pricing']],
  ['en', 'yoga', 'yoga studio', 'Still Point', 'Portland', '', 'namaste@stillpoint.com', 'Drop-in class $20.', { prices: ['$20'] }, ['schedule', 'pricing']],
  ['en', 'gym', 'boxing gym', 'Iron Ring', 'Manchester', '0161 555 0123', '', 'Membership £35 per month.', { prices: ['£35'] }, ['schedule', 'team']],
  ['en', 'cafe', 'coffee shop', 'Bean There', 'Seattle', '', '', 'Open Mon–Fri 7am–4pm.', { hours: ['7am–4pm'] }, ['menu', 'map']],
  ['en', 'restaurant', 'Italian restaurant', 'Nonna Rosa', 'Brooklyn', '(718) 555-0100', '', 'Menu: lasagna $18, tiramisu $9.', { prices: ['$18', '$9'] }, ['menu', 'booking']],
  ['en', 'saas', 'SaaS for invoices', 'Ledgerly', 'Austin', '', 'sales@ledgerly.io', 'Starter $12/month, Growth $39/month.', { prices: ['$12/month', '$39/month'] }, ['pricing', 'faq', 'testimonials']],
  ['en', 'podcast', 'true crime podcast', 'Cold Files', 'Toronto', '', 'tips@coldfiles.fm', 'New episodes every Tuesday.', {}, ['episodes', 'newsletter']],
  ['en', 'wedding', 'wedding', 'Sam & Alex', 'Dublin', '', '', 'We are getting married on June 20, 2026.', { date: ['June 20, 2026'] }, ['rsvp', 'map']],
  ['en', 'ngo', 'animal shelter', 'Second Chance Paws', 'Denver', '(303) 555-0177', '', 'We need volunteers and foster homes.', {}, ['gallery', 'contact']],
  ['en', 'plumber', 'plumbing company', 'FlowRight Plumbing', 'Bristol', '0117 496 0555', '', 'Emergency call-outs 24/7.', {}, ['services', 'testimonials']],
  ['en', 'hotel', 'boutique hotel', 'The Harbour Inn', 'Cape Town', '+27 21 555 0100', '', 'Double rooms from $140 per night.', { prices: ['$140'] }, ['gallery', 'booking', 'map']],
  ['en', 'cv', 'resume', 'Daniel Brooks', 'London', '', 'daniel.brooks@mail.com', 'Senior data engineer.', {}, ['about', 'contact']],
  ['en', 'florist', 'florist', 'Petal & Stem', 'Oxford', '01865 555 010', '', 'Bouquets from £30.', { prices: ['£30'] }, ['gallery', 'whatsapp']],
  ['en', 'coworking', 'coworking space', 'The Hive', 'Vancouver', '', 'hello@thehive.ca', 'Hot desk $250 per month.', { prices: ['$250'] }, ['pricing', 'map']],
  ['en', 'escaperoom', 'escape room', 'Lockdown', 'Glasgow', '0141 555 0190', '', 'Games for up to 6 players, £90.', { prices: ['£90'] }, ['booking', 'faq']],
  ['en', 'carworkshop', 'car repair shop', 'Precision Auto', 'Miami', '(305) 555-0111', '', 'Oil change $49.', { prices: ['$49'] }, ['pricing', 'map']],
  ['en', 'vet', 'veterinary clinic', 'Happy Tails Vet', 'Melbourne', '+61 3 5550 1234', '', 'Open Mon–Sat 8am–6pm.', { hours: ['8am–6pm'] }, ['team', 'booking']],
  ['en', 'band', 'indie band', 'The Paper Kites Club', 'Sydney', '', 'booking@paperkites.band', 'Tour dates and new album.', {}, ['schedule', 'gallery']],
  ['en', 'travelagency', 'travel agency', 'Far & Away Travel', 'Auckland', '+64 9 555 0102', '', 'Honeymoons and group tours.', {}, ['testimonials', 'faq']],
  ['en', 'bookshop', 'independent bookshop', 'Chapter One', 'Cambridge', '', 'books@chapterone.co.uk', 'Book club every Thursday.', {}, ['gallery', 'newsletter']],
];

const esForms = [
  (r: Row) => `Quiero una web para mi ${r[2]} "${r[3]}" en ${r[4]}. ${r[7]}${r[5] ? ` Teléfono ${r[5]}.` : ''}${r[6] ? ` Email ${r[6]}.` : ''} Que tenga ${r[9].map(esSection).join(', ')}.`,
  (r: Row) => `${r[3]}, ${r[2]} en ${r[4]}. ${r[7]}${r[5] ? ` Tel: ${r[5]}` : ''}${r[6] ? `, correo ${r[6]}` : ''}. Secciones: ${r[9].map(esSection).join(', ')}.`,
  (r: Row) => `hazme una pagina web para una ${r[2]} que se llama ${r[3]}, estamos en ${r[4]}. ${r[7]}${r[5] ? ` llamanos al ${r[5]}` : ''}${r[6] ? ` o escribe a ${r[6]}` : ''}. quiero ${r[9].map(esSection).join(' y ')}`,
];
const enForms = [
  (r: Row) => `Build a website for ${r[3]}, a ${r[2]} in ${r[4]}. ${r[7]}${r[5] ? ` Phone ${r[5]}.` : ''}${r[6] ? ` Email ${r[6]}.` : ''} Include ${r[9].map(enSection).join(', ')}.`,
  (r: Row) => `I need a site for my ${r[2]} called "${r[3]}" in ${r[4]}. ${r[7]}${r[5] ? ` Call ${r[5]}` : ''}${r[6] ? `, email ${r[6]}` : ''}. Sections: ${r[9].map(enSection).join(', ')}.`,
];

function esSection(id: string): string {
  return ({ gallery: 'galería', map: 'mapa', whatsapp: 'WhatsApp', booking: 'reservas', faq: 'preguntas frecuentes', speakers: 'ponentes', schedule: 'agenda', sponsors: 'patrocinadores', team: 'equipo', contact: 'contacto', pricing: 'precios', testimonials: 'opiniones', rsvp: 'confirmación de asistencia', services: 'servicios', products: 'productos', about: 'sobre mí', posts: 'blog', newsletter: 'newsletter', episodes: 'episodios', menu: 'carta' } as Record<string, string>)[id] ?? id;
}
function enSection(id: string): string {
  return ({ map: 'a map', whatsapp: 'WhatsApp', booking: 'online booking', faq: 'FAQ', schedule: 'schedule', rsvp: 'RSVP', about: 'about me', posts: 'blog posts', menu: 'menu', testimonials: 'reviews' } as Record<string, string>)[id] ?? id;
}

/** Two phrasings per row (the second alternates), so every row appears at least twice. */
export const corpus: CorpusBrief[] = rows.flatMap((r, i) => {
  const forms = r[0] === 'es' ? esForms : enForms;
  return [forms[i % forms.length] as (r: Row) => string, forms[(i + 1) % forms.length] as (r: Row) => string].map((form) => ({
    prompt: form(r),
    language: r[0],
    kind: r[1],
    facts: {
      name: [r[3]],
      city: [r[4]],
      ...(r[5] ? { phone: [r[5]] } : {}),
      ...(r[6] ? { email: [r[6]] } : {}),
      ...r[8],
    },
    sections: r[9].filter((s) => s !== 'about'),
  }));
});
