import { registerLocale } from '../../lib/i18n';

registerLocale('design', {
  es: {
    button: 'Cambiar diseño',
    title: 'Cambiar diseño',
    description:
      'El mismo contenido con otra familia de diseño: tipografías, espacios y composición. No gasta mensajes y se guarda como una versión nueva.',
    current: 'Diseño actual: {{name}}',
    close: 'Cerrar',
    loading: 'Cargando diseños…',
    error: 'No se pudieron cargar los diseños.',
    notRestylable:
      'Este sitio no usa las variables de diseño de DIV, así que no se le puede cambiar el diseño desde aquí. Pídeselo al asistente, por ejemplo «hazla más elegante».',
    dark: 'Oscuro',
    fonts: '{{display}} y {{body}}',
    preview: 'Vista previa del sitio con el diseño {{name}}',
    apply: 'Usar {{name}}',
    applying: 'Aplicando…',
    applied: 'Diseño cambiado a {{name}}',
    applyError: 'No se pudo cambiar el diseño.',
    undo: 'Deshacer',
    uploaded: 'Imagen {{name}} subida',
    useInHero: 'Usar en la portada',
    heroUsed: '{{name}} está en la portada',
    heroError: 'No se pudo poner la imagen en la portada.',
  },
  en: {
    button: 'Change design',
    title: 'Change design',
    description:
      'The same content in another design family: typefaces, spacing and layout. It uses no messages and is saved as a new version.',
    current: 'Current design: {{name}}',
    close: 'Close',
    loading: 'Loading designs…',
    error: 'The designs could not be loaded.',
    notRestylable:
      'This site does not use DIV’s design variables, so its design cannot be changed from here. Ask the assistant, e.g. "make it more elegant".',
    dark: 'Dark',
    fonts: '{{display}} and {{body}}',
    preview: 'Preview of the site in the {{name}} design',
    apply: 'Use {{name}}',
    applying: 'Applying…',
    applied: 'Design changed to {{name}}',
    applyError: 'The design could not be changed.',
    undo: 'Undo',
    uploaded: 'Image {{name}} uploaded',
    useInHero: 'Use in the hero',
    heroUsed: '{{name}} is in the hero',
    heroError: 'The image could not be put in the hero.',
  },
});
