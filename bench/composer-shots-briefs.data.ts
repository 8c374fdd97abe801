/** Ten kinds, written the way owners write: prices, hours, a team, a dark request, photos asked for. */
export const shotBriefs = [
  'Restaurante La Parra en Valencia, cocina mediterránea. Carta: arroz del senyoret 18 €, all i pebre 22 €, esgarraet 9,50 €, tarta de queso 6 €. Abrimos de martes a domingo de 13:00 a 16:00 y de 20:00 a 23:30. Teléfono 963 112 233. Con mapa y reservas.',
  'Panadería artesanal La Espiga en Sevilla, Calle Feria 45. Pan de masa madre 3,50 €, croissant 1,20 €, ensaimada 2,80 €. Horario: lunes a sábado de 8:00 a 14:30. WhatsApp 654 123 456.',
  'Estudio de arquitectura Nómada en Barcelona, vivienda y rehabilitación. Fotos grandes, estilo minimalista. Email hola@nomada.studio.',
  'Escape room El Búnker en Madrid, todo negro con detalles en verde neón. Tres salas: La cripta 80 €, Laboratorio 90 €, Fuga 70 € por grupo. Reservas online. Abierto de 16:00 a 00:00.',
  'Clínica de fisioterapia Movimiento en Bilbao. Equipo: Ana López (fisioterapeuta) y Jon Etxeberria (osteópata). Sesión 45 €, bono de 5 sesiones 200 €. Tel 944 000 111. Horario de lunes a viernes de 9:00 a 20:00.',
  'Barbería Los Bigotes en Santander. Corte 15 €, barba 10 €, corte y barba 22 €. Tel 942 555 666. Con galería y reservas.',
  'Festival de música Sonidos del Sur en Huelva, del 10 al 12 de julio. Abono 45 €, entrada de día 20 €. Cartel: Rocío Márquez, Califato ¾. Quiero agenda, precios y patrocinadores.',
  'Herbolario Raíz en Granada: plantas medicinales, infusiones a granel y cosmética natural. Tono cálido. Teléfono 958 222 333, calle Elvira 12.',
  'Academia de inglés Bright en Zaragoza para niños y adultos. Cursos: niños 60 €/mes, adultos 75 €/mes, preparación Cambridge 90 €/mes. Preguntas frecuentes. Teléfono 976 444 555.',
  'Despacho de abogados Ortega & Vidal en Madrid, derecho laboral y de familia. Elegante y serio. Primera consulta gratuita. Tel 910 000 222, contacto@ortegavidal.es.',
];
