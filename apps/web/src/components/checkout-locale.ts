import { registerLocale } from '../lib/i18n';

/** Strings of the page a checkout returns to (issue 22). */
registerLocale('checkout', {
  es: {
    success: '¡Listo! Ya tienes el plan {{plan}}',
    allowance: 'Tu nuevo límite: {{allowance}}. Todo lo que incluye el plan ya está disponible.',
    pending: 'Confirmando el pago del plan {{plan}}…',
    pendingBody: 'Esperando la confirmación del pago; tarda unos segundos.',
    late: 'Hemos recibido tu pago del plan {{plan}}',
    lateBody: 'El plan se activará en unos minutos. Recarga la página si todavía no lo ves.',
    cancelled: 'Pago cancelado',
    cancelledBody: 'No se ha cobrado nada: sigues en tu plan actual.',
    spaces: 'Ir a mis proyectos',
    usage: 'Ver mi uso',
    dismiss: 'Cerrar aviso',
    perMonth: { messages: '{{n}} mensajes al mes', requests: '{{n}} solicitudes al mes' },
    unlimited: { messages: 'mensajes ilimitados', requests: 'solicitudes ilimitadas' },
  },
  en: {
    success: "Done! You're on the {{plan}} plan",
    allowance: 'Your new limit: {{allowance}}. Everything the plan includes is available now.',
    pending: 'Confirming the payment for the {{plan}} plan…',
    pendingBody: 'Waiting for the payment confirmation; it takes a few seconds.',
    late: "We've received your payment for the {{plan}} plan",
    lateBody: "The plan will be active in a few minutes. Reload the page if you don't see it yet.",
    cancelled: 'Payment cancelled',
    cancelledBody: 'Nothing was charged: you stay on your current plan.',
    spaces: 'Go to my projects',
    usage: 'See my usage',
    dismiss: 'Dismiss',
    perMonth: { messages: '{{n}} messages a month', requests: '{{n}} requests a month' },
    unlimited: { messages: 'unlimited messages', requests: 'unlimited requests' },
  },
});
