import { PRODUCT_NAME } from './constants';
import { contactEmails, type LegalDocument, legalEntity } from './legal-common';
import { planIds, plans } from './plans';

const paidPlans = planIds
  .filter((id) => plans[id].priceUsd > 0)
  .map((id) => `${plans[id].name} (${plans[id].priceText} al mes)`)
  .join(', ');

/** Terms of service (spec: /terms, 10 sections). */
export const termsDocument: LegalDocument = {
  id: 'terms',
  title: 'Términos y condiciones',
  intro: `Estos Términos y condiciones regulan el acceso y el uso de ${PRODUCT_NAME}, la plataforma que permite crear sitios web completos describiéndolos a una inteligencia artificial. Te pedimos que los leas con atención antes de utilizar el servicio.`,
  sections: [
    {
      id: 'aceptacion',
      title: '1. Aceptación de los términos',
      blocks: [
        `Al crear una cuenta o utilizar ${PRODUCT_NAME} aceptas quedar vinculado por estos Términos y por nuestra Política de privacidad y Política de cookies. Si no estás de acuerdo con alguna de sus condiciones, no debes utilizar el servicio.`,
        `El servicio lo presta ${legalEntity.name}, con domicilio en ${legalEntity.address}. Debes tener al menos 16 años, o la edad mínima exigida en tu país, para usar ${PRODUCT_NAME}. Si lo utilizas en nombre de una empresa u organización, declaras que tienes capacidad para obligarla.`,
      ],
    },
    {
      id: 'servicio',
      title: '2. Descripción del servicio',
      blocks: [
        `${PRODUCT_NAME} permite crear proyectos, llamados espacios, describir un sitio web con un texto y obtener de la inteligencia artificial los archivos HTML, CSS y JavaScript correspondientes, que puedes ver en una vista previa, editar, restaurar desde el historial de versiones y publicar.`,
        'También ofrecemos una API para desarrolladores con planes propios. Podemos añadir, modificar o retirar funciones para mejorar el servicio; cuando un cambio afecte de forma sustancial a un plan de pago te lo comunicaremos con antelación razonable.',
      ],
    },
    {
      id: 'cuentas',
      title: '3. Cuentas y acceso',
      blocks: [
        'El acceso se realiza únicamente mediante una cuenta de Google o de GitHub. Eres responsable de la seguridad de esa cuenta y de toda la actividad que se produzca en tu cuenta de la plataforma.',
        {
          list: [
            'Debes facilitar información veraz y mantenerla actualizada.',
            'No puedes compartir tu sesión ni ceder tu cuenta a terceros.',
            `Si detectas un uso no autorizado, avísanos de inmediato en ${contactEmails.support}.`,
            'Las claves de la API para desarrolladores son personales y deben guardarse como secretos.',
          ],
        },
      ],
    },
    {
      id: 'planes',
      title: '4. Planes, pagos y facturación',
      blocks: [
        `El uso se mide en mensajes al mes según tu plan. El plan Gratis no tiene coste; los planes de pago son ${paidPlans}. Los planes para desarrolladores se contratan por separado.`,
        'Los pagos se procesan a través de nuestro proveedor de pagos. Las suscripciones se renuevan automáticamente cada mes hasta que las canceles desde el portal de facturación; la cancelación surte efecto al final del periodo ya pagado.',
        'Los mensajes no utilizados no se acumulan de un mes a otro. Los precios pueden cambiar con un aviso previo de al menos 30 días; el nuevo precio se aplicará a partir de la siguiente renovación. Salvo que la ley disponga otra cosa, los importes pagados no son reembolsables.',
      ],
    },
    {
      id: 'uso-aceptable',
      title: '5. Uso aceptable',
      blocks: [
        `Te comprometes a usar ${PRODUCT_NAME} de forma lícita. En particular, no está permitido:`,
        {
          list: [
            'Crear o publicar sitios de suplantación de identidad (phishing), fraude o estafa.',
            'Distribuir programas maliciosos o contenido que vulnere derechos de terceros.',
            'Publicar contenido ilegal, de odio, violento o que explote a menores.',
            'Eludir los límites del plan, las medidas de seguridad o los límites de uso de la API.',
            'Realizar ingeniería inversa o sobrecargar deliberadamente la infraestructura.',
          ],
        },
        'Podemos retirar el contenido que incumpla estas normas y suspender las cuentas implicadas.',
      ],
    },
    {
      id: 'propiedad',
      title: '6. Contenido del usuario y propiedad intelectual',
      blocks: [
        'Conservas todos los derechos sobre los textos, imágenes y demás materiales que aportas, así como sobre los sitios que creas. Nos concedes una licencia limitada, no exclusiva y gratuita para alojar, procesar y mostrar ese contenido con el único fin de prestarte el servicio.',
        `La plataforma, su código, su marca ${PRODUCT_NAME} y su diseño nos pertenecen o se usan bajo licencia. Estos Términos no te conceden ningún derecho sobre ellos más allá del uso del servicio.`,
      ],
    },
    {
      id: 'contenido-ia',
      title: '7. Contenido generado por inteligencia artificial',
      blocks: [
        'El código y los textos que genera la inteligencia artificial se te entregan tal cual. Pueden contener errores, imprecisiones o coincidencias con material existente, por lo que debes revisarlos antes de publicarlos.',
        'Eres responsable de las instrucciones que envías y del uso que haces del resultado, incluido el cumplimiento de la normativa aplicable a tu sitio (por ejemplo, avisos legales o de cookies propios).',
      ],
    },
    {
      id: 'responsabilidad',
      title: '8. Disponibilidad y limitación de responsabilidad',
      blocks: [
        'Trabajamos para mantener el servicio disponible de forma continua, pero no garantizamos que funcione sin interrupciones ni errores. Podemos realizar tareas de mantenimiento, que intentaremos anunciar con antelación.',
        'En la medida máxima permitida por la ley, no respondemos de daños indirectos, lucro cesante ni pérdida de datos, y nuestra responsabilidad total se limita al importe que nos hayas pagado en los doce meses anteriores al hecho que la origine. Nada de lo anterior limita los derechos que te reconoce la normativa de consumidores.',
      ],
    },
    {
      id: 'terminacion',
      title: '9. Suspensión y terminación',
      blocks: [
        'Puedes dejar de usar el servicio y solicitar la eliminación de tu cuenta en cualquier momento. Podemos suspender o cerrar tu cuenta si incumples estos Términos, si lo exige la ley o si existe un riesgo para la seguridad de la plataforma o de otros usuarios.',
        'Tras el cierre podrás solicitar, durante 30 días, una copia de tus espacios; después los eliminaremos salvo que debamos conservarlos por obligación legal.',
      ],
    },
    {
      id: 'ley-contacto',
      title: '10. Legislación aplicable, cambios y contacto',
      blocks: [
        'Estos Términos se rigen por la legislación española. Para cualquier controversia serán competentes los juzgados y tribunales que correspondan conforme a la ley; si eres consumidor, los de tu domicilio.',
        'Podemos actualizar estos Términos. Publicaremos la nueva versión en esta página con su fecha y, si los cambios son importantes, te avisaremos por correo electrónico o dentro del producto.',
        `Para cualquier consulta escríbenos a ${contactEmails.legal} o a ${contactEmails.support}.`,
      ],
    },
  ],
};
