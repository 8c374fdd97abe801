import { registerLocale } from '../../../lib/i18n';

registerLocale('images', {
  es: {
    title: 'Imágenes',
    upload: 'Subir imagen',
    empty: 'Arrastra o pega imágenes aquí. Úsalas como images/nombre.jpg.',
    uploading: 'Subiendo {{name}}…',
    uploaded: 'Imagen {{name}} subida',
    rename: 'Renombrar {{name}}',
    renamePrompt: 'Nuevo nombre (con la misma extensión):',
    remove: 'Borrar {{name}}',
    confirmRemove: '¿Borrar {{name}}? Las páginas que la usan dejarán de mostrarla.',
    storage: '{{used}} de {{limit}}',
    replace: 'Reemplazar por una de tus imágenes',
    choose: 'Elegir imagen…',
    uploadHere: 'Subir y usar una imagen',
  },
  en: {
    title: 'Images',
    upload: 'Upload image',
    empty: 'Drag or paste images here. Use them as images/name.jpg.',
    uploading: 'Uploading {{name}}…',
    uploaded: 'Image {{name}} uploaded',
    rename: 'Rename {{name}}',
    renamePrompt: 'New name (same extension):',
    remove: 'Delete {{name}}',
    confirmRemove: 'Delete {{name}}? Pages that use it will stop showing it.',
    storage: '{{used}} of {{limit}}',
    replace: 'Replace with one of your images',
    choose: 'Choose image…',
    uploadHere: 'Upload and use an image',
  },
});
