import { PRODUCT_NAME, STORAGE_KEYS } from './constants';
import { contactEmails, type LegalDocument } from './legal-common';
import { BUILD_INFO_STORAGE_KEY, LANGUAGE_STORAGE_KEY } from './legal-storage-keys';

/** Persistent cookies last generally up to 2 years (spec section 9). */
export const PERSISTENT_COOKIE_MAX_YEARS = 2;

/** Cookie policy (spec: /cookies). Names the storage the product really uses. */
export const cookiesDocument: LegalDocument = {
  id: 'cookies',
  title: 'Política de cookies',
  intro: `Esta política explica qué cookies y qué tecnologías de almacenamiento local utiliza ${PRODUCT_NAME}, para qué sirven y cómo puedes gestionarlas.`,
  sections: [
    {
      id: 'que-son',
      title: '1. Qué son las cookies',
      blocks: [
        'Las cookies son pequeños archivos que un sitio web guarda en tu navegador. El almacenamiento local (localStorage) y el de sesión (sessionStorage) son tecnologías parecidas que guardan datos en tu dispositivo. En esta política llamamos «cookies» a todas ellas.',
      ],
    },
    {
      id: 'cookies-tecnicas',
      title: '2. Cookies técnicas que utilizamos',
      blocks: [
        'Son imprescindibles para que la plataforma funcione y no requieren tu consentimiento:',
        {
          list: [
            'Cookie de estado del inicio de sesión: cookie firmada y HttpOnly (no accesible desde JavaScript) que vincula el inicio de sesión con Google o GitHub al navegador que lo empezó. Se borra al terminar el proceso y dura como máximo 10 minutos.',
            `${STORAGE_KEYS.token} (localStorage): el token de tu sesión, que autentica tus peticiones.`,
            `${STORAGE_KEYS.session} (localStorage): tu sesión guardada, con tu nombre, tu foto y la fecha de caducidad.`,
            `${STORAGE_KEYS.consent} (localStorage): tu elección en el aviso de cookies ('true' o 'false').`,
            `${BUILD_INFO_STORAGE_KEY} (sessionStorage): la versión de la aplicación, para diagnóstico; se borra al cerrar la pestaña.`,
          ],
        },
        'Los formularios de los sitios publicados con DIV no usan cookies: el envío lleva solo los campos del formulario, un campo oculto contra el spam y el tiempo de rellenado, y se guarda para el propietario del sitio.',
      ],
    },
    {
      id: 'preferencias',
      title: '3. Cookies de preferencias',
      blocks: [
        'Recuerdan tus ajustes para que no tengas que elegirlos de nuevo:',
        {
          list: [
            `${STORAGE_KEYS.theme} (localStorage): el tema claro, oscuro o el del sistema.`,
            `${LANGUAGE_STORAGE_KEY} (localStorage): el idioma de la interfaz.`,
          ],
        },
      ],
    },
    {
      id: 'duracion',
      title: '4. Duración',
      blocks: [
        `Las cookies de sesión se eliminan al cerrar el navegador o la pestaña. Las cookies persistentes permanecen en tu dispositivo durante un tiempo determinado, que generalmente es de hasta ${PERSISTENT_COOKIE_MAX_YEARS} años, o hasta que las borres. Tu sesión caduca en la fecha que guarda: 24 horas tras su última renovación, o 30 días tras iniciarla.`,
      ],
    },
    {
      id: 'terceros',
      title: '5. Cookies de terceros',
      blocks: [
        `${PRODUCT_NAME} no utiliza cookies publicitarias ni de seguimiento de terceros. Cuando inicias sesión con Google o GitHub, o pagas una suscripción, esos servicios pueden instalar sus propias cookies en sus dominios, que se rigen por sus respectivas políticas.`,
      ],
    },
    {
      id: 'gestion',
      title: '6. Cómo gestionar las cookies',
      blocks: [
        'Puedes aceptar o rechazar las cookies no esenciales desde el aviso de cookies y cambiar de opinión en cualquier momento. También puedes borrar o bloquear las cookies y el almacenamiento local desde la configuración de tu navegador:',
        {
          list: [
            'Chrome: Configuración > Privacidad y seguridad > Cookies y otros datos de sitios.',
            'Firefox: Ajustes > Privacidad & Seguridad > Cookies y datos del sitio.',
            'Safari: Ajustes > Privacidad > Gestionar datos de sitios web.',
            'Edge: Configuración > Cookies y permisos del sitio.',
          ],
        },
        'Si bloqueas las cookies técnicas, no podrás iniciar sesión ni usar tus espacios.',
      ],
    },
    {
      id: 'cambios-contacto',
      title: '7. Cambios y contacto',
      blocks: [
        `Actualizaremos esta política cuando cambien las cookies que utilizamos. Si tienes dudas, escríbenos a ${contactEmails.privacy}.`,
      ],
    },
  ],
};
