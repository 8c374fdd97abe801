import { registerLocale } from '../../lib/i18n';

/** Strings of the home page. Marketing claims (spec section 1) are text only. */
registerLocale('home', {
  es: {
    hero: {
      badge: 'Nuevo: genera HTML, CSS y JS por separado',
      title: 'Crea con IA en segundos',
      taglines: 'sitios web completos|tiendas online|portafolios|landing pages|blogs',
      subtitle:
        'Describe tu idea con palabras y DIV genera el código, lo muestra en una vista previa en vivo y lo despliega por ti. Backend incluido.',
      cta: 'Comenzar gratis',
      secondary: 'Ver precios',
      stats: { sites: 'sitios creados', uptime: 'uptime', deploy: 'para desplegar' },
    },
    demo: {
      title: 'De una frase a un sitio publicado',
      subtitle: 'Escribe lo que necesitas, mira cómo se construye y ajústalo conversando.',
      prompt: 'Una landing para mi cafetería con menú, horarios y un mapa',
      steps: 'Describe tu sitio|La IA escribe el código|Vista previa en vivo|Despliegue automático',
      previewTitle: 'Café Aurora',
      previewText: 'Café de especialidad en el centro. Abierto todos los días de 8:00 a 20:00.',
      previewButton: 'Ver menú',
    },
    features: {
      title: 'Todo lo que necesitas para lanzar',
      subtitle: 'Sin plantillas rígidas ni servidores que configurar.',
      items: {
        backend: { title: 'Backend incluido', text: 'Formularios, datos y lógica listos sin montar servidores.' },
        deploy: { title: 'Despliegue automático', text: 'Publica con un clic y en menos de 30 segundos.' },
        scale: { title: 'Escalabilidad', text: 'Tus sitios aguantan picos de tráfico sin que hagas nada.' },
        editor: { title: 'Editor de código', text: 'Edita HTML, CSS y JS a mano cuando quieras.' },
        history: { title: 'Historial de versiones', text: 'Vuelve a cualquier versión anterior en un momento.' },
        models: { title: 'Varios modelos de IA', text: 'Elige el modelo que mejor encaje con cada proyecto.' },
      },
    },
    technology: {
      title: 'Tecnología de confianza',
      subtitle: 'Código estándar que puedes llevarte a donde quieras.',
      items: {
        web: 'HTML, CSS y JavaScript estándar',
        ai: 'Modelos de IA de última generación',
        preview: 'Vista previa aislada y segura',
        api: 'API y SDK para desarrolladores',
      },
      stats: { sites: 'sitios creados', uptime: 'de disponibilidad', deploy: 'de media en desplegar' },
    },
    cta: {
      title: '¿Listo para crear tu sitio?',
      subtitle: 'Empieza gratis hoy mismo. Sin tarjeta de crédito.',
      button: 'Comenzar gratis',
      secondary: 'Planes para desarrolladores',
    },
    loadingSection: 'Cargando sección...',
  },
  en: {
    hero: {
      badge: 'New: generates HTML, CSS and JS as separate files',
      title: 'Build with AI in seconds',
      taglines: 'complete websites|online stores|portfolios|landing pages|blogs',
      subtitle:
        'Describe your idea in words and DIV writes the code, shows it in a live preview and deploys it for you. Backend included.',
      cta: 'Start for free',
      secondary: 'See pricing',
      stats: { sites: 'sites created', uptime: 'uptime', deploy: 'to deploy' },
    },
    demo: {
      title: 'From one sentence to a published site',
      subtitle: 'Write what you need, watch it being built and refine it by chatting.',
      prompt: 'A landing page for my coffee shop with menu, opening hours and a map',
      steps: 'Describe your site|The AI writes the code|Live preview|Automatic deployment',
      previewTitle: 'Café Aurora',
      previewText: 'Specialty coffee downtown. Open every day from 8:00 to 20:00.',
      previewButton: 'See menu',
    },
    features: {
      title: 'Everything you need to launch',
      subtitle: 'No rigid templates, no servers to configure.',
      items: {
        backend: { title: 'Backend included', text: 'Forms, data and logic ready without setting up servers.' },
        deploy: { title: 'Automatic deployment', text: 'Publish with one click in under 30 seconds.' },
        scale: { title: 'Scalability', text: 'Your sites handle traffic peaks without you lifting a finger.' },
        editor: { title: 'Code editor', text: 'Edit HTML, CSS and JS by hand whenever you want.' },
        history: { title: 'Version history', text: 'Go back to any previous version in a moment.' },
        models: { title: 'Several AI models', text: 'Pick the model that suits each project best.' },
      },
    },
    technology: {
      title: 'Technology you can trust',
      subtitle: 'Standard code you can take anywhere.',
      items: {
        web: 'Standard HTML, CSS and JavaScript',
        ai: 'State-of-the-art AI models',
        preview: 'Isolated, safe preview',
        api: 'API and SDK for developers',
      },
      stats: { sites: 'sites created', uptime: 'availability', deploy: 'average deploy time' },
    },
    cta: {
      title: 'Ready to build your site?',
      subtitle: 'Start free today. No credit card.',
      button: 'Start for free',
      secondary: 'Developer plans',
    },
    loadingSection: 'Loading section...',
  },
});
