import type { Language, SectionId } from './analyse';

/**
 * Words of the page chrome in both languages: navigation labels, section titles, buttons, form
 * fields and the obvious placeholders written where a brief gave no fact (never a plausible one).
 */
export interface Labels {
  nav: Partial<Record<SectionId, string>>;
  titles: Partial<Record<SectionId, string>>;
  menuToggle: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  send: string;
  call: string;
  date: string;
  time: string;
  people: string;
  attending: string;
  yes: string;
  no: string;
  guests: string;
  service: string;
  subscribe: string;
  address: string;
  hours: string;
  directions: string;
  whatsapp: string;
  whatsappText: string;
  rights: string;
  readMore: string;
  backToTop: string;
  onRequest: string;
  toConfirm: string;
  order: string;
  follow: string;
  in: string;
  contactIntro: string;
  bookingIntro: string;
  rsvpIntro: string;
  newsletterIntro: string;
  placeholder: {
    quote: string;
    client: string;
    member: string;
    memberText: string;
    speaker: string;
    sponsor: string;
    post: string;
    episode: string;
    address: string;
  };
}

export const labels: Record<Language, Labels> = {
  es: {
    nav: {
      about: 'Nosotros',
      services: 'Servicios',
      menu: 'Carta',
      products: 'Productos',
      posts: 'Artículos',
      episodes: 'Episodios',
      schedule: 'Programa',
      speakers: 'Ponentes',
      gallery: 'Galería',
      pricing: 'Precios',
      testimonials: 'Opiniones',
      team: 'Equipo',
      sponsors: 'Patrocinadores',
      faq: 'Preguntas',
      newsletter: 'Newsletter',
      booking: 'Reservas',
      rsvp: 'Asistencia',
      map: 'Cómo llegar',
      contact: 'Contacto',
    },
    titles: {
      about: 'Sobre nosotros',
      services: 'Servicios',
      menu: 'Nuestra carta',
      products: 'Productos',
      posts: 'Últimos artículos',
      episodes: 'Episodios',
      schedule: 'Programa',
      speakers: 'Ponentes',
      gallery: 'Galería',
      pricing: 'Precios',
      testimonials: 'Opiniones',
      team: 'Nuestro equipo',
      sponsors: 'Patrocinadores',
      faq: 'Preguntas frecuentes',
      newsletter: 'Suscríbete a la newsletter',
      booking: 'Reservas',
      rsvp: 'Confirma tu asistencia',
      map: 'Dónde estamos',
      contact: 'Contacto',
    },
    menuToggle: 'Abrir menú',
    name: 'Nombre',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    message: 'Mensaje',
    send: 'Enviar',
    call: 'Llamar',
    date: 'Fecha',
    time: 'Hora',
    people: 'Personas',
    attending: '¿Vendrás?',
    yes: 'Sí, allí estaré',
    no: 'No podré ir',
    guests: 'Acompañantes',
    service: 'Servicio',
    subscribe: 'Suscribirme',
    address: 'Dirección',
    hours: 'Horario',
    directions: 'Cómo llegar (abre el mapa)',
    whatsapp: 'WhatsApp',
    whatsappText: 'Escríbenos por WhatsApp',
    rights: 'Todos los derechos reservados.',
    readMore: 'Leer más',
    backToTop: 'Volver arriba',
    onRequest: 'Consultar precio',
    toConfirm: 'Por confirmar',
    order: 'Pedir',
    follow: 'Síguenos',
    in: 'en',
    contactIntro: 'Escríbenos y te responderemos lo antes posible.',
    bookingIntro: 'Déjanos tus datos y te confirmamos la reserva.',
    rsvpIntro: 'Cuéntanos si vienes para prepararlo todo.',
    newsletterIntro: 'Novedades de vez en cuando, sin spam.',
    placeholder: {
      quote: 'Escribe aquí la opinión de un cliente.',
      client: 'Nombre del cliente',
      member: 'Nombre y apellido',
      memberText: 'Añade aquí una frase sobre esta persona.',
      speaker: 'Ponente por anunciar',
      sponsor: 'Tu marca aquí',
      post: 'Escribe aquí el primer párrafo del artículo.',
      episode: 'Describe aquí de qué trata el episodio.',
      address: 'Añade aquí tu dirección',
    },
  },
  en: {
    nav: {
      about: 'About',
      services: 'Services',
      menu: 'Menu',
      products: 'Products',
      posts: 'Articles',
      episodes: 'Episodes',
      schedule: 'Schedule',
      speakers: 'Speakers',
      gallery: 'Gallery',
      pricing: 'Pricing',
      testimonials: 'Reviews',
      team: 'Team',
      sponsors: 'Sponsors',
      faq: 'FAQ',
      newsletter: 'Newsletter',
      booking: 'Booking',
      rsvp: 'RSVP',
      map: 'Find us',
      contact: 'Contact',
    },
    titles: {
      about: 'About us',
      services: 'Services',
      menu: 'Our menu',
      products: 'Products',
      posts: 'Latest articles',
      episodes: 'Episodes',
      schedule: 'Schedule',
      speakers: 'Speakers',
      gallery: 'Gallery',
      pricing: 'Pricing',
      testimonials: 'Reviews',
      team: 'Meet the team',
      sponsors: 'Sponsors',
      faq: 'Frequently asked questions',
      newsletter: 'Join the newsletter',
      booking: 'Booking',
      rsvp: 'RSVP',
      map: 'Find us',
      contact: 'Contact',
    },
    menuToggle: 'Open menu',
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    message: 'Message',
    send: 'Send',
    call: 'Call',
    date: 'Date',
    time: 'Time',
    people: 'Guests',
    attending: 'Will you come?',
    yes: 'Yes, I will be there',
    no: 'Sorry, I can’t make it',
    guests: 'Plus-ones',
    service: 'Service',
    subscribe: 'Subscribe',
    address: 'Address',
    hours: 'Opening hours',
    directions: 'Get directions (opens the map)',
    whatsapp: 'WhatsApp',
    whatsappText: 'Message us on WhatsApp',
    rights: 'All rights reserved.',
    readMore: 'Read more',
    backToTop: 'Back to top',
    onRequest: 'Price on request',
    toConfirm: 'To be confirmed',
    order: 'Order',
    follow: 'Follow us',
    in: 'in',
    contactIntro: 'Write to us and we will get back to you as soon as we can.',
    bookingIntro: 'Leave your details and we will confirm your booking.',
    rsvpIntro: 'Let us know if you are coming so we can get everything ready.',
    newsletterIntro: 'News now and then, no spam.',
    placeholder: {
      quote: 'Write a customer’s review here.',
      client: 'Customer name',
      member: 'Full name',
      memberText: 'Add a sentence about this person here.',
      speaker: 'Speaker to be announced',
      sponsor: 'Your brand here',
      post: 'Write the first paragraph of the article here.',
      episode: 'Describe what this episode is about here.',
      address: 'Add your address here',
    },
  },
};
