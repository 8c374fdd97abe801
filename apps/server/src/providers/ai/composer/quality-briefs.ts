/** Briefs whose sites the quality checks validate (html-validate here; axe-core and Lighthouse in bench/). */
export const qualityBriefs = [
  "Quiero una web para mi panadería artesanal 'La Espiga' en Sevilla, Calle Feria 45. Teléfono 654 123 456. Pan de masa madre 3,50 €. Con galería, mapa, reservas, newsletter, equipo, opiniones, preguntas y WhatsApp.",
  'DevSummit 2026, conferencia en Madrid el 15 de marzo de 2026. Ponentes: Ana Torres y Luis Gómez. Entradas 99 €. Patrocinadores: Acme. Con agenda y mapa.',
  'Web de nuestra boda, Marta y Pablo, 12 de septiembre de 2026 en Toledo, con confirmación de asistencia',
  'A landing page for Trackly, a time tracking SaaS. Pro $8/mo, Team $20/mo. FAQ and testimonials, yellow and white',
  'Podcast Ecos del Pasado con episodios y newsletter',
  'Clínica Dental Sonríe en Valencia, tel +34 961 234 567, hola@sonrie.es, instagram @sonrie, reservas online, colores celeste y beige',
  'Tienda online de jabones Espuma de Mar, jabón de lavanda 6 €, modo oscuro',
  'Bar de tapas El Rincón en Cádiz, Calle Ancha 8, coordenadas 36.5322, -6.2990, con mapa y galería',
  'Restaurante El Rincón de Pepa en Cuenca: carta de vinos, carta en PDF, trabaja con nosotros, botón de donar, cuenta atrás y trayectoria desde 1998',
  'algo bonito',
];
