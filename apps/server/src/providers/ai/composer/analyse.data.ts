import type { SectionId, SiteKind, Tone } from './analyse';

/** The tables the brief reader uses (analyse.ts): section words, each family's page, palette and tone. */

/** Words that name each section in a brief (regular-expression alternatives). */
export const sectionWords: [SectionId, string][] = [
  ['hero', 'hero|portada|banner'],
  [
    'about',
    'sobre nosotros|sobre m[ií]|qui[eé]nes somos|nuestra historia|historia|about(?: us| me)?|our story|acerca de|biograf[ií]a|bio',
  ],
  [
    'services',
    'servicios?|services?|caracter[ií]sticas|features?|funcionalidades|ventajas|beneficios|benefits|tratamientos|treatments|qu[eé] hacemos|what we do|habitaciones|rooms',
  ],
  [
    'menu',
    'carta(?! de presentaci[oó]n| de motivaci[oó]n)|men[uú](?! de navegaci[oó]n| hamburguesa| m[oó]vil| fijo| desplegable)(?:s)?|platos|dishes|food menu|drinks menu',
  ],
  ['products', 'productos|products|cat[aá]logo|catalog(?:ue)?|tienda online|online shop'],
  ['posts', 'blog|art[ií]culos|articles|posts|noticias|news|publicaciones'],
  ['episodes', 'episodios|episodes'],
  [
    'schedule',
    'programa|agenda|horarios? de (?:clases|actividades|misas?)|calendario|schedule|timetable|itinerario|line-?up|cartel|conciertos|fechas|tour dates|pr[oó]ximos eventos|upcoming events',
  ],
  ['speakers', 'ponentes|speakers|oradores|conferenciantes'],
  ['gallery', 'galer[ií]a|gallery|fotos|photos|im[aá]genes|images|trabajos|proyectos|projects|portfolio'],
  ['pricing', 'precios?|pricing|prices?|planes|plans|tarifas|rates|entradas|tickets|cuotas|membership'],
  ['testimonials', 'testimonios?|testimonials?|rese[nñ]as|reviews?|opiniones|clientes dicen'],
  ['team', 'equipo|team|staff|profesionales|profesores|instructores|our people'],
  ['sponsors', 'patrocinadores|sponsors|patrocinio|partners'],
  ['faq', 'faqs?|preguntas frecuentes|preguntas|questions|dudas'],
  ['newsletter', 'newsletter|bolet[ií]n|suscr[ií]bete|subscribe|suscripci[oó]n por correo|mailing list|lista de correo'],
  [
    'booking',
    'reservas?|reservar|citas?(?: online| previa)?|pedir cita|booking|bookings|book online|appointments?|reservations?|book (?:a|an|your|my) (?:(?:free|discovery|intro(?:ductory)?|first|trial|short|quick) ){0,2}(?:call|session|consultation|visit|table|class|lesson|appointment|slot)|agenda (?:una|tu) (?:llamada|sesi[oó]n|cita|visita)',
  ],
  ['rsvp', 'rsvp|confirmaci[oó]n de asistencia|confirmar (?:la )?asistencia|confirma tu asistencia'],
  ['map', 'mapa|map|ubicaci[oó]n|location|c[oó]mo llegar|directions|d[oó]nde estamos|find us|google maps'],
  ['contact', 'contacto|contact(?:ar)?|formulario|form|cont[aá]ctanos|get in touch'],
  ['whatsapp', 'whatsapp|whats app|wasap|guasap'],
  ['footer', 'footer|pie de p[aá]gina'],
];

/** The family's usual page (the starter templates). */
export const defaultSections: Record<SiteKind, SectionId[]> = {
  restaurant: ['hero', 'about', 'menu', 'gallery', 'testimonials', 'map', 'contact', 'footer'],
  portfolio: ['hero', 'about', 'gallery', 'services', 'testimonials', 'contact', 'footer'],
  saas: ['hero', 'services', 'pricing', 'testimonials', 'faq', 'contact', 'footer'],
  shop: ['hero', 'products', 'about', 'testimonials', 'faq', 'contact', 'footer'],
  blog: ['hero', 'posts', 'about', 'newsletter', 'contact', 'footer'],
  agency: ['hero', 'services', 'gallery', 'team', 'testimonials', 'contact', 'footer'],
  event: ['hero', 'about', 'schedule', 'speakers', 'pricing', 'faq', 'contact', 'footer'],
  personal: ['hero', 'about', 'services', 'gallery', 'contact', 'footer'],
  fitness: ['hero', 'services', 'schedule', 'pricing', 'team', 'testimonials', 'contact', 'footer'],
  business: ['hero', 'about', 'services', 'testimonials', 'faq', 'contact', 'footer'],
};

export const defaultPalettes: Record<SiteKind, [string, string]> = {
  restaurant: ['#9a3412', '#15803d'],
  portfolio: ['#111827', '#c2410c'],
  saas: ['#4f46e5', '#0e7490'],
  shop: ['#be185d', '#b45309'],
  blog: ['#0f766e', '#c2410c'],
  agency: ['#6d28d9', '#be185d'],
  event: ['#b91c1c', '#b45309'],
  personal: ['#1d4ed8', '#0f766e'],
  fitness: ['#c2410c', '#111827'],
  business: ['#1d4ed8', '#0e7490'],
};

/** Words that set the tone, in the order they are tried. */
export const tones: [Tone, string][] = [
  [
    'elegant',
    'elegante|lujo|lujos[oa]|sofisticad[oa]|premium|cl[aá]sic[oa]|exclusiv[oa]|elegant|luxury|luxurious|sophisticated|classic|upscale',
  ],
  ['playful', 'divertid[oa]|alegre|infantil|colorid[oa]|desenfadad[oa]|fun|playful|cheerful|colou?rful|kids'],
  ['minimal', 'minimalista|minimal|limpi[oa]|sobri[oa]|sencill[oa]|clean|simple|understated'],
  [
    'bold',
    'moderno|moderna|atrevid[oa]|impactante|juvenil|urban[oa]|tecnol[oó]gic[oa]|bold|modern|striking|edgy|techy|futurista|futuristic',
  ],
  [
    'warm',
    'c[aá]lid[oa]|r[uú]stic[oa]|acogedor[a]?|familiar|artesan[oa]l?|cercan[oa]|cozy|cosy|warm|rustic|homely|friendly|handmade',
  ],
  ['serious', 'seri[oa]|profesional|formal|corporativ[oa]|sobri[oa]|confianza|professional|corporate|trustworthy|serious'],
];

export const familyTone: Record<SiteKind, Tone> = {
  restaurant: 'warm',
  portfolio: 'minimal',
  saas: 'bold',
  shop: 'warm',
  blog: 'minimal',
  agency: 'bold',
  event: 'bold',
  personal: 'minimal',
  fitness: 'bold',
  business: 'serious',
};
