import { PRODUCT_NAME } from './constants';
import { contactEmails, type LegalDocument, legalEntity } from './legal-common';

/** Privacy policy (spec: /privacy, 10 sections). */
export const privacyDocument: LegalDocument = {
  id: 'privacy',
  title: 'Política de privacidad',
  intro: `En ${PRODUCT_NAME} nos tomamos en serio la protección de tus datos personales. Esta política explica qué datos tratamos, para qué, durante cuánto tiempo y qué derechos tienes, conforme al Reglamento General de Protección de Datos (RGPD) y a la Ley Orgánica 3/2018 (LOPDGDD).`,
  sections: [
    {
      id: 'responsable',
      title: '1. Responsable del tratamiento',
      blocks: [
        `El responsable del tratamiento es ${legalEntity.name}, con domicilio en ${legalEntity.address}. Puedes contactar con nosotros para cualquier cuestión de privacidad en ${contactEmails.privacy}.`,
      ],
    },
    {
      id: 'datos',
      title: '2. Datos que recopilamos',
      blocks: [
        'Tratamos únicamente los datos necesarios para prestarte el servicio:',
        {
          list: [
            'Datos de cuenta que nos facilita Google o GitHub al iniciar sesión: nombre, correo electrónico, foto de perfil e identificador de la cuenta.',
            'Contenido que creas: espacios, instrucciones enviadas a la inteligencia artificial, archivos generados e historial de versiones.',
            'Datos de uso: mensajes consumidos, plan contratado, llamadas a la API y tiempos de respuesta.',
            'Datos de facturación: los gestiona nuestro proveedor de pagos; nosotros solo conservamos el identificador de cliente y el estado de la suscripción, nunca el número completo de la tarjeta.',
            'Datos técnicos: dirección IP, tipo de navegador y registros de seguridad.',
            'Datos que los visitantes envían por los formularios de los sitios publicados (por ejemplo nombre, correo y mensaje): los guardamos por cuenta del propietario del sitio, que es el responsable de esos datos y nosotros su encargado. No guardamos la dirección IP del visitante; solo la usamos un minuto para limitar envíos abusivos.',
          ],
        },
      ],
    },
    {
      id: 'finalidades',
      title: '3. Finalidades del tratamiento',
      blocks: [
        {
          list: [
            'Crear y gestionar tu cuenta y tu sesión.',
            'Generar, guardar, mostrar y publicar tus sitios web.',
            'Medir el consumo de tu plan y gestionar pagos y suscripciones.',
            'Prestarte soporte y enviarte comunicaciones sobre el servicio.',
            'Prevenir el fraude y los abusos y proteger la seguridad de la plataforma.',
            'Mejorar el producto con estadísticas agregadas.',
          ],
        },
      ],
    },
    {
      id: 'base-legal',
      title: '4. Base legal',
      blocks: [
        'Tratamos tus datos porque son necesarios para ejecutar el contrato que aceptas con los Términos y condiciones, para cumplir obligaciones legales (por ejemplo, fiscales), por nuestro interés legítimo en mantener la plataforma segura y, cuando así se indique, con tu consentimiento, que puedes retirar en cualquier momento.',
      ],
    },
    {
      id: 'destinatarios',
      title: '5. Destinatarios y encargados del tratamiento',
      blocks: [
        'No vendemos tus datos. Solo los comunicamos a proveedores que nos ayudan a prestar el servicio, que actúan como encargados del tratamiento con contrato y garantías adecuadas:',
        {
          list: [
            'Google y GitHub, para el inicio de sesión.',
            'Nuestro proveedor de pagos, para cobrar las suscripciones.',
            'Proveedores de modelos de inteligencia artificial, que reciben las instrucciones y el código necesarios para generar tu sitio.',
            'Proveedores de alojamiento e infraestructura en la nube.',
          ],
        },
        'También podremos facilitarlos a las autoridades cuando exista una obligación legal.',
      ],
    },
    {
      id: 'transferencias',
      title: '6. Transferencias internacionales',
      blocks: [
        'Algunos proveedores pueden tratar datos fuera del Espacio Económico Europeo. En esos casos nos aseguramos de que existan garantías adecuadas, como una decisión de adecuación de la Comisión Europea o las cláusulas contractuales tipo aprobadas por ella.',
      ],
    },
    {
      id: 'conservacion',
      title: '7. Conservación de los datos',
      blocks: [
        'Conservamos tus datos mientras mantengas la cuenta activa. Si la eliminas, borraremos tus espacios y datos de perfil en un plazo máximo de 30 días, salvo los que debamos conservar por obligación legal (por ejemplo, las facturas, durante los plazos que fija la normativa fiscal). Los registros de seguridad se conservan un máximo de 12 meses. Los envíos de formularios de los sitios publicados se conservan 12 meses (o el plazo que elija el propietario en los ajustes del sitio) y se borran antes si el propietario los elimina o elimina el proyecto.',
      ],
    },
    {
      id: 'derechos',
      title: '8. Tus derechos',
      blocks: [
        'Puedes ejercer en cualquier momento los siguientes derechos:',
        {
          list: [
            'Acceso a tus datos y obtención de una copia.',
            'Rectificación de los datos inexactos.',
            'Supresión de tus datos.',
            'Oposición y limitación del tratamiento.',
            'Portabilidad de tus datos en un formato estructurado.',
            'Retirada del consentimiento, sin que afecte a los tratamientos anteriores.',
          ],
        },
        `Escríbenos a ${contactEmails.privacy}. Si consideras que no hemos atendido correctamente tu solicitud, puedes reclamar ante la Agencia Española de Protección de Datos (www.aepd.es).`,
      ],
    },
    {
      id: 'seguridad',
      title: '9. Seguridad',
      blocks: [
        'Aplicamos medidas técnicas y organizativas para proteger tus datos: comunicaciones cifradas, tokens de sesión aleatorios guardados solo en forma de resumen criptográfico, control de acceso por propietario y ejecución aislada del código generado. Ningún sistema es infalible; si se produjera una brecha que te afecte, te lo notificaremos conforme a la ley.',
      ],
    },
    {
      id: 'menores-cambios',
      title: '10. Menores y cambios en esta política',
      blocks: [
        `${PRODUCT_NAME} no está dirigido a menores de 16 años y no recopilamos conscientemente sus datos. Si crees que un menor nos ha facilitado datos, contacta con nosotros y los eliminaremos.`,
        'Podemos actualizar esta política para reflejar cambios en el servicio o en la normativa. Publicaremos la nueva versión en esta página con su fecha y, si los cambios son relevantes, te avisaremos.',
      ],
    },
  ],
};
