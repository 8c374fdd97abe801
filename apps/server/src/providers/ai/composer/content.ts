import type { Language, SectionId, SiteKind } from './analyse';

/** Words of the page chrome: navigation labels, section titles, buttons. */
export interface Labels {
  nav: Partial<Record<SectionId, string>>;
  titles: Partial<Record<SectionId, string>>;
  menuToggle: string;
  contactName: string;
  contactEmail: string;
  contactMessage: string;
  contactSend: string;
  contactThanks: string;
  contactAddress: string;
  contactHours: string;
  rights: string;
  perMonth: string;
  choose: string;
  popular: string;
  addToCart: string;
  cart: string;
  readMore: string;
  backToTop: string;
}

export const labels: Record<Language, Labels> = {
  es: {
    nav: {
      about: 'Nosotros',
      services: 'Servicios',
      menu: 'Carta',
      products: 'Productos',
      posts: 'Artículos',
      schedule: 'Programa',
      gallery: 'Galería',
      pricing: 'Precios',
      testimonials: 'Opiniones',
      team: 'Equipo',
      faq: 'Preguntas',
      contact: 'Contacto',
    },
    titles: {
      about: 'Sobre nosotros',
      services: 'Lo que ofrecemos',
      menu: 'Nuestra carta',
      products: 'Productos destacados',
      posts: 'Últimos artículos',
      schedule: 'Programa',
      gallery: 'Galería',
      pricing: 'Precios claros',
      testimonials: 'Lo que dicen de nosotros',
      team: 'Nuestro equipo',
      faq: 'Preguntas frecuentes',
      contact: 'Hablemos',
    },
    menuToggle: 'Abrir menú',
    contactName: 'Nombre',
    contactEmail: 'Correo electrónico',
    contactMessage: 'Mensaje',
    contactSend: 'Enviar mensaje',
    contactThanks: '¡Gracias! Te responderemos muy pronto.',
    contactAddress: 'Calle Mayor 12, Madrid',
    contactHours: 'Lunes a sábado, de 9:00 a 20:00',
    rights: 'Todos los derechos reservados.',
    perMonth: '/mes',
    choose: 'Elegir plan',
    popular: 'Más popular',
    addToCart: 'Añadir al carrito',
    cart: 'Carrito',
    readMore: 'Leer más',
    backToTop: 'Volver arriba',
  },
  en: {
    nav: {
      about: 'About',
      services: 'Services',
      menu: 'Menu',
      products: 'Products',
      posts: 'Articles',
      schedule: 'Schedule',
      gallery: 'Gallery',
      pricing: 'Pricing',
      testimonials: 'Reviews',
      team: 'Team',
      faq: 'FAQ',
      contact: 'Contact',
    },
    titles: {
      about: 'About us',
      services: 'What we offer',
      menu: 'Our menu',
      products: 'Featured products',
      posts: 'Latest articles',
      schedule: 'Schedule',
      gallery: 'Gallery',
      pricing: 'Simple pricing',
      testimonials: 'What people say',
      team: 'Meet the team',
      faq: 'Frequently asked questions',
      contact: "Let's talk",
    },
    menuToggle: 'Open menu',
    contactName: 'Name',
    contactEmail: 'Email',
    contactMessage: 'Message',
    contactSend: 'Send message',
    contactThanks: 'Thank you! We will get back to you soon.',
    contactAddress: '12 High Street, London',
    contactHours: 'Monday to Saturday, 9am to 8pm',
    rights: 'All rights reserved.',
    perMonth: '/mo',
    choose: 'Choose plan',
    popular: 'Most popular',
    addToCart: 'Add to cart',
    cart: 'Cart',
    readMore: 'Read more',
    backToTop: 'Back to top',
  },
};

export interface Item {
  title: string;
  text: string;
  /** A price, a time, a date or a role, depending on the section. */
  meta?: string;
}

export interface KindCopy {
  eyebrow: string;
  heroTitle: string;
  heroText: string;
  cta: string;
  ctaSecondary: string;
  about: string[];
  stats: [string, string][];
  services: Item[];
  /** The kind's own list: dishes, products, posts or sessions. */
  items: Item[];
  gallery: string[];
}

type CopyTable = Record<SiteKind, Record<Language, KindCopy>>;

export const kindCopy: CopyTable = {
  restaurant: {
    es: {
      eyebrow: 'Cocina de temporada',
      heroTitle: 'Sabores que se quedan contigo',
      heroText: 'Producto local, recetas de siempre y una mesa esperándote. Ven a comer, quédate a la sobremesa.',
      cta: 'Reservar mesa',
      ctaSecondary: 'Ver la carta',
      about: [
        'Empezamos como un pequeño local de barrio y hoy seguimos cocinando con la misma idea: ingredientes frescos, fuego lento y trato cercano.',
        'Trabajamos con productores de la zona y cambiamos la carta con cada estación.',
      ],
      stats: [
        ['15', 'años cocinando'],
        ['40', 'platos de temporada'],
        ['4,8', 'valoración media'],
      ],
      services: [
        { title: 'Comidas y cenas', text: 'Menú del día entre semana y carta completa por la noche.' },
        { title: 'Eventos privados', text: 'Celebraciones de hasta 40 personas con menú a medida.' },
        { title: 'Para llevar', text: 'Pide por teléfono y recoge tu comida recién hecha.' },
      ],
      items: [
        { title: 'Croquetas de jamón', text: 'Cremosas, con jamón ibérico y bechamel casera.', meta: '8,50 €' },
        { title: 'Ensalada de la huerta', text: 'Tomate, ventresca, cebolla morada y aceite de oliva virgen.', meta: '11,00 €' },
        { title: 'Arroz meloso', text: 'Con setas de temporada y parmesano curado.', meta: '16,50 €' },
        { title: 'Pescado del día', text: 'A la plancha con verduras asadas.', meta: '19,00 €' },
        { title: 'Carrillera al vino tinto', text: 'Cocinada a fuego lento durante ocho horas.', meta: '18,00 €' },
        { title: 'Tarta de queso', text: 'Horneada al momento, con frutos rojos.', meta: '6,50 €' },
      ],
      gallery: ['Nuestro comedor', 'La cocina', 'Postres caseros', 'La terraza', 'Vinos de la casa', 'Producto fresco'],
    },
    en: {
      eyebrow: 'Seasonal kitchen',
      heroTitle: 'Flavours that stay with you',
      heroText: 'Local produce, time-honoured recipes and a table waiting for you. Come for dinner, stay for dessert.',
      cta: 'Book a table',
      ctaSecondary: 'See the menu',
      about: [
        'We started as a small neighbourhood spot and still cook with the same idea: fresh ingredients, slow fire and a warm welcome.',
        'We work with local growers and change the menu every season.',
      ],
      stats: [
        ['15', 'years cooking'],
        ['40', 'seasonal dishes'],
        ['4.8', 'average rating'],
      ],
      services: [
        { title: 'Lunch and dinner', text: 'A set lunch on weekdays and the full menu in the evening.' },
        { title: 'Private events', text: 'Celebrations of up to 40 guests with a tailored menu.' },
        { title: 'Takeaway', text: 'Order by phone and pick up your meal freshly made.' },
      ],
      items: [
        { title: 'Ham croquettes', text: 'Creamy, with Iberian ham and homemade béchamel.', meta: '$9' },
        { title: 'Garden salad', text: 'Tomato, tuna belly, red onion and extra virgin olive oil.', meta: '$12' },
        { title: 'Creamy rice', text: 'With seasonal mushrooms and aged parmesan.', meta: '$18' },
        { title: 'Catch of the day', text: 'Grilled, with roasted vegetables.', meta: '$21' },
        { title: 'Braised beef cheek', text: 'Slow-cooked in red wine for eight hours.', meta: '$20' },
        { title: 'Baked cheesecake', text: 'Fresh from the oven, with red berries.', meta: '$7' },
      ],
      gallery: ['Our dining room', 'The kitchen', 'Homemade desserts', 'The terrace', 'House wines', 'Fresh produce'],
    },
  },
  portfolio: {
    es: {
      eyebrow: 'Diseño y fotografía',
      heroTitle: 'Imágenes que cuentan historias',
      heroText: 'Proyectos de identidad visual, fotografía y dirección de arte para marcas con algo que decir.',
      cta: 'Ver trabajos',
      ctaSecondary: 'Contactar',
      about: [
        'Llevo más de diez años ayudando a marcas y personas a encontrar su voz visual.',
        'Cada proyecto empieza con una conversación y termina con una pieza que se recuerda.',
      ],
      stats: [
        ['120', 'proyectos'],
        ['35', 'clientes'],
        ['8', 'premios'],
      ],
      services: [
        { title: 'Identidad visual', text: 'Logotipos, paletas y sistemas gráficos coherentes.' },
        { title: 'Fotografía', text: 'Producto, retrato y reportaje con luz natural.' },
        { title: 'Dirección de arte', text: 'Campañas y sesiones de principio a fin.' },
      ],
      items: [],
      gallery: [
        'Marca para café local',
        'Retratos en estudio',
        'Campaña de otoño',
        'Editorial de moda',
        'Packaging artesanal',
        'Arquitectura urbana',
      ],
    },
    en: {
      eyebrow: 'Design and photography',
      heroTitle: 'Images that tell stories',
      heroText: 'Visual identity, photography and art direction for brands with something to say.',
      cta: 'See my work',
      ctaSecondary: 'Get in touch',
      about: [
        'For more than ten years I have helped brands and people find their visual voice.',
        'Every project starts with a conversation and ends with a piece people remember.',
      ],
      stats: [
        ['120', 'projects'],
        ['35', 'clients'],
        ['8', 'awards'],
      ],
      services: [
        { title: 'Visual identity', text: 'Logos, palettes and consistent graphic systems.' },
        { title: 'Photography', text: 'Product, portrait and documentary in natural light.' },
        { title: 'Art direction', text: 'Campaigns and shoots from start to finish.' },
      ],
      items: [],
      gallery: [
        'Local coffee brand',
        'Studio portraits',
        'Autumn campaign',
        'Fashion editorial',
        'Craft packaging',
        'Urban architecture',
      ],
    },
  },
  saas: {
    es: {
      eyebrow: 'Nuevo: integraciones automáticas',
      heroTitle: 'Tu equipo, sin fricción',
      heroText: 'Centraliza tareas, documentos y conversaciones en un solo lugar. Configúralo en minutos y empieza a avanzar.',
      cta: 'Empieza gratis',
      ctaSecondary: 'Ver funciones',
      about: [
        'Nacimos de la frustración de saltar entre diez herramientas distintas.',
        'Hoy miles de equipos trabajan más rápido con una plataforma sencilla y segura.',
      ],
      stats: [
        ['10k', 'equipos'],
        ['99,9 %', 'disponibilidad'],
        ['4,9', 'valoración'],
      ],
      services: [
        { title: 'Automatizaciones', text: 'Reglas que trabajan por ti: asigna, avisa y ordena sin esfuerzo.' },
        { title: 'Colaboración en tiempo real', text: 'Edita con tu equipo y ve los cambios al instante.' },
        { title: 'Informes claros', text: 'Paneles que muestran lo importante de un vistazo.' },
        { title: 'Seguridad de serie', text: 'Cifrado, copias diarias y control de accesos.' },
      ],
      items: [],
      gallery: ['Panel principal', 'Tablero de tareas', 'Informes', 'App móvil', 'Integraciones', 'Ajustes del equipo'],
    },
    en: {
      eyebrow: 'New: automatic integrations',
      heroTitle: 'Your team, without friction',
      heroText: 'Bring tasks, documents and conversations together. Set it up in minutes and start moving.',
      cta: 'Start for free',
      ctaSecondary: 'See features',
      about: [
        'We were born from the frustration of jumping between ten different tools.',
        'Today thousands of teams work faster with a simple, secure platform.',
      ],
      stats: [
        ['10k', 'teams'],
        ['99.9%', 'uptime'],
        ['4.9', 'rating'],
      ],
      services: [
        { title: 'Automations', text: 'Rules that work for you: assign, notify and sort effortlessly.' },
        { title: 'Real-time collaboration', text: 'Edit with your team and see changes instantly.' },
        { title: 'Clear reports', text: 'Dashboards that show what matters at a glance.' },
        { title: 'Secure by default', text: 'Encryption, daily backups and access control.' },
      ],
      items: [],
      gallery: ['Main dashboard', 'Task board', 'Reports', 'Mobile app', 'Integrations', 'Team settings'],
    },
  },
  shop: {
    es: {
      eyebrow: 'Nueva colección',
      heroTitle: 'Cosas bonitas, hechas para durar',
      heroText: 'Piezas seleccionadas con cariño, envío en 48 horas y devoluciones gratis.',
      cta: 'Comprar ahora',
      ctaSecondary: 'Ver novedades',
      about: [
        'Somos una tienda independiente que elige cada producto pensando en la calidad y en quien lo fabrica.',
        'Preparamos cada pedido a mano y con embalaje reciclable.',
      ],
      stats: [
        ['5.000', 'pedidos enviados'],
        ['48 h', 'entrega'],
        ['30 días', 'para devolver'],
      ],
      services: [
        { title: 'Envío rápido', text: 'Recibe tu pedido en 48 horas.' },
        { title: 'Devoluciones gratis', text: 'Tienes 30 días para cambiar de idea.' },
        { title: 'Pago seguro', text: 'Tarjeta, transferencia o pago móvil.' },
      ],
      items: [
        { title: 'Taza de cerámica', text: 'Hecha a mano, apta para lavavajillas.', meta: '18 €' },
        { title: 'Bolsa de algodón', text: 'Algodón orgánico y asas reforzadas.', meta: '24 €' },
        { title: 'Vela aromática', text: 'Cera de soja con notas de cedro.', meta: '16 €' },
        { title: 'Cuaderno de lino', text: 'Tapas de lino y 160 páginas punteadas.', meta: '14 €' },
      ],
      gallery: ['Colección de otoño', 'Cerámica', 'Textil', 'Papelería', 'Hogar', 'Regalos'],
    },
    en: {
      eyebrow: 'New collection',
      heroTitle: 'Beautiful things, made to last',
      heroText: 'Carefully chosen pieces, 48-hour shipping and free returns.',
      cta: 'Shop now',
      ctaSecondary: 'New arrivals',
      about: [
        'We are an independent shop that picks every product for its quality and for the people who make it.',
        'Every order is packed by hand in recyclable packaging.',
      ],
      stats: [
        ['5,000', 'orders shipped'],
        ['48 h', 'delivery'],
        ['30 days', 'to return'],
      ],
      services: [
        { title: 'Fast shipping', text: 'Get your order within 48 hours.' },
        { title: 'Free returns', text: 'You have 30 days to change your mind.' },
        { title: 'Secure payment', text: 'Card, bank transfer or mobile payment.' },
      ],
      items: [
        { title: 'Ceramic mug', text: 'Handmade and dishwasher safe.', meta: '$20' },
        { title: 'Cotton tote', text: 'Organic cotton with reinforced handles.', meta: '$26' },
        { title: 'Scented candle', text: 'Soy wax with cedar notes.', meta: '$18' },
        { title: 'Linen notebook', text: 'Linen covers and 160 dotted pages.', meta: '$15' },
      ],
      gallery: ['Autumn collection', 'Ceramics', 'Textiles', 'Stationery', 'Home', 'Gifts'],
    },
  },
  blog: {
    es: {
      eyebrow: 'Ideas, notas y aprendizajes',
      heroTitle: 'Escribo sobre lo que me da curiosidad',
      heroText: 'Ensayos cortos sobre tecnología, diseño y vida cotidiana. Un artículo nuevo cada semana.',
      cta: 'Leer el último',
      ctaSecondary: 'Suscribirme',
      about: [
        'Este blog empezó como un cuaderno de notas y se convirtió en una conversación con miles de lectores.',
        'Aquí no hay prisas: solo ideas bien pensadas.',
      ],
      stats: [
        ['200', 'artículos'],
        ['12k', 'lectores'],
        ['6', 'años escribiendo'],
      ],
      services: [
        { title: 'Boletín semanal', text: 'Lo mejor de la semana en tu correo.' },
        { title: 'Guías', text: 'Explicaciones paso a paso, sin jerga.' },
        { title: 'Entrevistas', text: 'Conversaciones con gente que hace cosas interesantes.' },
      ],
      items: [
        {
          title: 'Cómo aprender cualquier cosa en 20 horas',
          text: 'Un método sencillo para empezar sin miedo.',
          meta: '12 de marzo',
        },
        { title: 'El diseño también es escuchar', text: 'Lo que aprendí preguntando antes de dibujar.', meta: '5 de marzo' },
        { title: 'Menos pestañas, más foco', text: 'Pequeños hábitos para trabajar con calma.', meta: '26 de febrero' },
      ],
      gallery: ['Mesa de trabajo', 'Libros del mes', 'Cuaderno', 'Viajes', 'Café', 'Atardecer'],
    },
    en: {
      eyebrow: 'Ideas, notes and lessons',
      heroTitle: 'I write about what makes me curious',
      heroText: 'Short essays on technology, design and everyday life. A new article every week.',
      cta: 'Read the latest',
      ctaSecondary: 'Subscribe',
      about: [
        'This blog started as a notebook and became a conversation with thousands of readers.',
        'No rush here: just well-considered ideas.',
      ],
      stats: [
        ['200', 'articles'],
        ['12k', 'readers'],
        ['6', 'years writing'],
      ],
      services: [
        { title: 'Weekly newsletter', text: 'The best of the week in your inbox.' },
        { title: 'Guides', text: 'Step-by-step explanations, no jargon.' },
        { title: 'Interviews', text: 'Conversations with people doing interesting things.' },
      ],
      items: [
        { title: 'How to learn anything in 20 hours', text: 'A simple method to start without fear.', meta: 'March 12' },
        { title: 'Design is also listening', text: 'What I learned by asking before drawing.', meta: 'March 5' },
        { title: 'Fewer tabs, more focus', text: 'Small habits for calmer work.', meta: 'February 26' },
      ],
      gallery: ['Desk', 'Books of the month', 'Notebook', 'Travels', 'Coffee', 'Sunset'],
    },
  },
  agency: {
    es: {
      eyebrow: 'Estrategia, diseño y tecnología',
      heroTitle: 'Hacemos crecer marcas valientes',
      heroText: 'Un equipo pequeño y senior que convierte ideas en productos digitales, campañas y resultados medibles.',
      cta: 'Cuéntanos tu proyecto',
      ctaSecondary: 'Ver casos',
      about: [
        'Somos estrategas, diseñadores y desarrolladores que trabajan codo con codo con cada cliente.',
        'Preferimos pocos proyectos bien hechos a muchos a medias.',
      ],
      stats: [
        ['80+', 'proyectos'],
        ['12', 'países'],
        ['3x', 'retorno medio'],
      ],
      services: [
        { title: 'Estrategia de marca', text: 'Posicionamiento, mensajes y plan de lanzamiento.' },
        { title: 'Diseño web', text: 'Sitios rápidos, accesibles y que convierten.' },
        { title: 'Marketing digital', text: 'Campañas, contenidos y analítica.' },
        { title: 'Desarrollo a medida', text: 'Aplicaciones y herramientas internas.' },
      ],
      items: [],
      gallery: [
        'Rediseño de banca online',
        'Campaña de verano',
        'App de movilidad',
        'Identidad para ONG',
        'Tienda de moda',
        'Plataforma educativa',
      ],
    },
    en: {
      eyebrow: 'Strategy, design and technology',
      heroTitle: 'We grow bold brands',
      heroText: 'A small senior team turning ideas into digital products, campaigns and measurable results.',
      cta: 'Tell us about your project',
      ctaSecondary: 'See our work',
      about: [
        'We are strategists, designers and developers working side by side with every client.',
        'We prefer a few projects done well to many done halfway.',
      ],
      stats: [
        ['80+', 'projects'],
        ['12', 'countries'],
        ['3x', 'average return'],
      ],
      services: [
        { title: 'Brand strategy', text: 'Positioning, messaging and launch plans.' },
        { title: 'Web design', text: 'Fast, accessible sites that convert.' },
        { title: 'Digital marketing', text: 'Campaigns, content and analytics.' },
        { title: 'Custom development', text: 'Applications and internal tools.' },
      ],
      items: [],
      gallery: [
        'Online banking redesign',
        'Summer campaign',
        'Mobility app',
        'Charity identity',
        'Fashion store',
        'Learning platform',
      ],
    },
  },
  event: {
    es: {
      eyebrow: '14 y 15 de mayo · Madrid',
      heroTitle: 'Dos días para inspirarte',
      heroText: 'Charlas, talleres y encuentros con las personas que están cambiando el sector. Plazas limitadas.',
      cta: 'Conseguir entrada',
      ctaSecondary: 'Ver programa',
      about: [
        'Un encuentro para compartir ideas, aprender de quienes lo hacen y conocer a gente con tus mismas inquietudes.',
        'Este año, más ponentes, más talleres y un espacio nuevo junto al río.',
      ],
      stats: [
        ['30', 'ponentes'],
        ['1.500', 'asistentes'],
        ['2', 'días'],
      ],
      services: [
        { title: 'Charlas', text: 'Ponencias de 20 minutos, directas al grano.' },
        { title: 'Talleres', text: 'Sesiones prácticas en grupos pequeños.' },
        { title: 'Networking', text: 'Espacios pensados para conocerse.' },
      ],
      items: [
        { title: 'Acreditaciones y café', text: 'Recoge tu pase y conoce a los demás asistentes.', meta: '09:00' },
        { title: 'Charla inaugural', text: 'Hacia dónde va el sector en los próximos cinco años.', meta: '10:00' },
        { title: 'Talleres simultáneos', text: 'Elige entre cuatro sesiones prácticas.', meta: '12:00' },
        { title: 'Mesa redonda', text: 'Debate abierto con preguntas del público.', meta: '16:00' },
        { title: 'Cierre y fiesta', text: 'Música, brindis y buenas conversaciones.', meta: '19:00' },
      ],
      gallery: ['Escenario principal', 'Talleres', 'Networking', 'Ponentes', 'Público', 'Fiesta final'],
    },
    en: {
      eyebrow: 'May 14–15 · London',
      heroTitle: 'Two days to get inspired',
      heroText: 'Talks, workshops and meetups with the people changing the industry. Limited seats.',
      cta: 'Get your ticket',
      ctaSecondary: 'See schedule',
      about: [
        'A gathering to share ideas, learn from practitioners and meet people with the same drive.',
        'This year: more speakers, more workshops and a new venue by the river.',
      ],
      stats: [
        ['30', 'speakers'],
        ['1,500', 'attendees'],
        ['2', 'days'],
      ],
      services: [
        { title: 'Talks', text: 'Twenty-minute talks, straight to the point.' },
        { title: 'Workshops', text: 'Hands-on sessions in small groups.' },
        { title: 'Networking', text: 'Spaces designed for meeting people.' },
      ],
      items: [
        { title: 'Registration and coffee', text: 'Pick up your badge and meet other attendees.', meta: '09:00' },
        { title: 'Opening keynote', text: 'Where the industry is heading in the next five years.', meta: '10:00' },
        { title: 'Parallel workshops', text: 'Choose among four hands-on sessions.', meta: '12:00' },
        { title: 'Panel discussion', text: 'Open debate with questions from the audience.', meta: '16:00' },
        { title: 'Closing party', text: 'Music, a toast and good conversations.', meta: '19:00' },
      ],
      gallery: ['Main stage', 'Workshops', 'Networking', 'Speakers', 'Audience', 'Closing party'],
    },
  },
  personal: {
    es: {
      eyebrow: 'Hola, encantado',
      heroTitle: 'Construyo productos digitales útiles',
      heroText: 'Desarrollador y diseñador. Me gusta resolver problemas reales con soluciones sencillas.',
      cta: 'Ver proyectos',
      ctaSecondary: 'Escríbeme',
      about: [
        'Llevo ocho años creando aplicaciones web para startups y equipos de producto.',
        'Fuera de la pantalla me encontrarás en la montaña o detrás de una cámara.',
      ],
      stats: [
        ['8', 'años de experiencia'],
        ['40', 'proyectos'],
        ['15', 'charlas'],
      ],
      services: [
        { title: 'Desarrollo web', text: 'Aplicaciones rápidas, accesibles y mantenibles.' },
        { title: 'Diseño de producto', text: 'De la idea al prototipo que se puede probar.' },
        { title: 'Mentoría', text: 'Acompaño a equipos y personas que empiezan.' },
      ],
      items: [],
      gallery: ['App de reservas', 'Panel de métricas', 'Web de ONG', 'Charla en congreso', 'Proyecto personal', 'Fotografía'],
    },
    en: {
      eyebrow: 'Hi, nice to meet you',
      heroTitle: 'I build useful digital products',
      heroText: 'Developer and designer. I like solving real problems with simple solutions.',
      cta: 'See projects',
      ctaSecondary: 'Write to me',
      about: [
        'For eight years I have been building web applications for startups and product teams.',
        'Away from the screen you will find me in the mountains or behind a camera.',
      ],
      stats: [
        ['8', 'years of experience'],
        ['40', 'projects'],
        ['15', 'talks'],
      ],
      services: [
        { title: 'Web development', text: 'Fast, accessible and maintainable applications.' },
        { title: 'Product design', text: 'From an idea to a prototype you can test.' },
        { title: 'Mentoring', text: 'I support teams and people who are starting out.' },
      ],
      items: [],
      gallery: ['Booking app', 'Metrics dashboard', 'Charity website', 'Conference talk', 'Side project', 'Photography'],
    },
  },
  fitness: {
    es: {
      eyebrow: 'Primera clase gratis',
      heroTitle: 'Entrena fuerte, vive mejor',
      heroText: 'Clases dirigidas, entrenamiento personal y un ambiente que te hace volver.',
      cta: 'Prueba gratis',
      ctaSecondary: 'Ver horarios',
      about: [
        'Un gimnasio de barrio con entrenadores titulados y grupos reducidos.',
        'Da igual tu nivel: te acompañamos desde el primer día.',
      ],
      stats: [
        ['25', 'clases semanales'],
        ['10', 'entrenadores'],
        ['600', 'socios'],
      ],
      services: [
        { title: 'Entrenamiento funcional', text: 'Fuerza, resistencia y movilidad en sesiones de 45 minutos.' },
        { title: 'Yoga y pilates', text: 'Equilibrio, respiración y core.' },
        { title: 'Entrenamiento personal', text: 'Un plan hecho para ti y seguimiento semanal.' },
      ],
      items: [
        { title: 'Funcional', text: 'Lunes, miércoles y viernes.', meta: '07:00' },
        { title: 'Yoga', text: 'Martes y jueves.', meta: '09:30' },
        { title: 'Ciclo indoor', text: 'De lunes a viernes.', meta: '18:00' },
        { title: 'Boxeo', text: 'Martes, jueves y sábados.', meta: '19:30' },
      ],
      gallery: ['Sala de fuerza', 'Clase de ciclo', 'Yoga', 'Zona funcional', 'Vestuarios', 'Equipo'],
    },
    en: {
      eyebrow: 'First class free',
      heroTitle: 'Train hard, live better',
      heroText: 'Group classes, personal training and a community that keeps you coming back.',
      cta: 'Try for free',
      ctaSecondary: 'See timetable',
      about: [
        'A neighbourhood gym with certified coaches and small groups.',
        'Whatever your level, we are with you from day one.',
      ],
      stats: [
        ['25', 'weekly classes'],
        ['10', 'coaches'],
        ['600', 'members'],
      ],
      services: [
        { title: 'Functional training', text: 'Strength, endurance and mobility in 45-minute sessions.' },
        { title: 'Yoga and pilates', text: 'Balance, breathing and core.' },
        { title: 'Personal training', text: 'A plan made for you with weekly check-ins.' },
      ],
      items: [
        { title: 'Functional', text: 'Monday, Wednesday and Friday.', meta: '07:00' },
        { title: 'Yoga', text: 'Tuesday and Thursday.', meta: '09:30' },
        { title: 'Indoor cycling', text: 'Monday to Friday.', meta: '18:00' },
        { title: 'Boxing', text: 'Tuesday, Thursday and Saturday.', meta: '19:30' },
      ],
      gallery: ['Weights room', 'Cycling class', 'Yoga', 'Functional area', 'Changing rooms', 'Our team'],
    },
  },
  business: {
    es: {
      eyebrow: 'Soluciones para tu negocio',
      heroTitle: 'Profesionales en los que confiar',
      heroText: 'Te acompañamos con un servicio cercano, plazos claros y resultados que se notan.',
      cta: 'Pide presupuesto',
      ctaSecondary: 'Conócenos',
      about: [
        'Somos una empresa familiar con más de veinte años de experiencia y cientos de clientes satisfechos.',
        'Escuchamos, proponemos y cumplimos lo que prometemos.',
      ],
      stats: [
        ['20', 'años'],
        ['500+', 'clientes'],
        ['98 %', 'recomiendan'],
      ],
      services: [
        { title: 'Asesoramiento', text: 'Analizamos tu situación y te proponemos el mejor camino.' },
        { title: 'Ejecución', text: 'Un equipo propio que cumple plazos.' },
        { title: 'Seguimiento', text: 'Estamos a tu lado también después.' },
      ],
      items: [],
      gallery: [
        'Nuestra oficina',
        'Equipo en acción',
        'Proyecto reciente',
        'Reunión con clientes',
        'Detalle de trabajo',
        'Celebración',
      ],
    },
    en: {
      eyebrow: 'Solutions for your business',
      heroTitle: 'Professionals you can trust',
      heroText: 'Personal service, clear timelines and results you can see.',
      cta: 'Get a quote',
      ctaSecondary: 'About us',
      about: [
        'We are a family business with more than twenty years of experience and hundreds of happy clients.',
        'We listen, we propose and we deliver what we promise.',
      ],
      stats: [
        ['20', 'years'],
        ['500+', 'clients'],
        ['98%', 'recommend us'],
      ],
      services: [
        { title: 'Advice', text: 'We study your situation and suggest the best way forward.' },
        { title: 'Delivery', text: 'Our own team, on time.' },
        { title: 'Follow-up', text: 'We stay by your side afterwards too.' },
      ],
      items: [],
      gallery: ['Our office', 'Team at work', 'Recent project', 'Client meeting', 'Work detail', 'Celebration'],
    },
  },
};

/** Copy shared by every kind: pricing, testimonials, team, FAQ. */
export const commonCopy: Record<
  Language,
  { pricing: (Item & { features: string[] })[]; testimonials: Item[]; team: Item[]; faq: Item[]; contactIntro: string }
> = {
  es: {
    pricing: [
      {
        title: 'Básico',
        meta: '9 €',
        text: 'Para empezar con lo esencial.',
        features: ['Lo imprescindible', 'Soporte por correo', 'Sin permanencia'],
      },
      {
        title: 'Profesional',
        meta: '29 €',
        text: 'Para quien quiere más.',
        features: ['Todo lo del Básico', 'Soporte prioritario', 'Funciones avanzadas', 'Informes mensuales'],
      },
      {
        title: 'Premium',
        meta: '59 €',
        text: 'La experiencia completa.',
        features: ['Todo lo del Profesional', 'Gestor dedicado', 'Personalización total'],
      },
    ],
    testimonials: [
      {
        title: 'Lucía Fernández',
        meta: 'Clienta desde 2021',
        text: 'Un trato excelente de principio a fin. Repetiré sin dudarlo.',
      },
      { title: 'Marcos Ruiz', meta: 'Cliente', text: 'Superaron todas mis expectativas. Rápidos, atentos y muy profesionales.' },
      { title: 'Ana Beltrán', meta: 'Clienta', text: 'Se nota el cariño en cada detalle. Totalmente recomendable.' },
    ],
    team: [
      { title: 'Laura Gómez', meta: 'Fundadora', text: 'Dirige el proyecto y cuida cada detalle.' },
      { title: 'Daniel Ortega', meta: 'Responsable de operaciones', text: 'Hace que todo funcione a tiempo.' },
      { title: 'Sara Molina', meta: 'Diseño', text: 'Convierte ideas en experiencias.' },
      { title: 'Javier León', meta: 'Atención al cliente', text: 'Siempre al otro lado para ayudarte.' },
    ],
    faq: [
      {
        title: '¿Cómo puedo contactar con vosotros?',
        text: 'Escríbenos desde el formulario de contacto o llámanos; respondemos en menos de 24 horas.',
      },
      { title: '¿Qué formas de pago aceptáis?', text: 'Tarjeta, transferencia bancaria y pago móvil.' },
      { title: '¿Puedo cancelar cuando quiera?', text: 'Sí, sin permanencia ni costes ocultos.' },
      { title: '¿Dónde estáis?', text: 'En el centro de la ciudad, a cinco minutos del metro.' },
    ],
    contactIntro: 'Escríbenos y te responderemos en menos de 24 horas.',
  },
  en: {
    pricing: [
      {
        title: 'Basic',
        meta: '$9',
        text: 'The essentials to get started.',
        features: ['The must-haves', 'Email support', 'Cancel anytime'],
      },
      {
        title: 'Professional',
        meta: '$29',
        text: 'For those who want more.',
        features: ['Everything in Basic', 'Priority support', 'Advanced features', 'Monthly reports'],
      },
      {
        title: 'Premium',
        meta: '$59',
        text: 'The complete experience.',
        features: ['Everything in Professional', 'Dedicated manager', 'Full customisation'],
      },
    ],
    testimonials: [
      {
        title: 'Lucy Fernandes',
        meta: 'Client since 2021',
        text: 'Excellent service from start to finish. I will be back for sure.',
      },
      { title: 'Mark Rowe', meta: 'Client', text: 'They exceeded all my expectations. Fast, attentive and very professional.' },
      { title: 'Anna Bell', meta: 'Client', text: 'You can feel the care in every detail. Highly recommended.' },
    ],
    team: [
      { title: 'Laura Grant', meta: 'Founder', text: 'Leads the project and cares for every detail.' },
      { title: 'Daniel Ortiz', meta: 'Head of operations', text: 'Makes everything run on time.' },
      { title: 'Sarah Mills', meta: 'Design', text: 'Turns ideas into experiences.' },
      { title: 'James Lee', meta: 'Customer care', text: 'Always there to help you.' },
    ],
    faq: [
      { title: 'How can I contact you?', text: 'Use the contact form or call us; we answer within 24 hours.' },
      { title: 'Which payment methods do you accept?', text: 'Card, bank transfer and mobile payment.' },
      { title: 'Can I cancel at any time?', text: 'Yes, no commitment and no hidden fees.' },
      { title: 'Where are you?', text: 'In the city centre, five minutes from the underground.' },
    ],
    contactIntro: 'Write to us and we will answer within 24 hours.',
  },
};
