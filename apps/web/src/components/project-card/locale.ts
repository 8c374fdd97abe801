import { registerLocale } from '../../lib/i18n';

registerLocale('projectCard', {
  es: {
    edited: 'Editado {{when}}',
    published: 'Publicado',
    unpublished: 'Sin publicar',
    newTab: '(se abre en una pestaña nueva)',
    publishedTitle: 'Publicado el {{date}}',
    moreActions: 'Más acciones para {{name}}',
    thumbnail: 'Miniatura de {{name}}',
    open: 'Abrir',
  },
  en: {
    edited: 'Edited {{when}}',
    published: 'Published',
    unpublished: 'Not published',
    newTab: '(opens in a new tab)',
    publishedTitle: 'Published on {{date}}',
    moreActions: 'More actions for {{name}}',
    thumbnail: 'Thumbnail of {{name}}',
    open: 'Open',
  },
});
