import { type ExternalToast, toast as sonner } from 'sonner';

type Message = Parameters<typeof sonner.error>[0];

const UNTIL_CLOSED = Number.POSITIVE_INFINITY;

/**
 * A toast that offers an action ("Abrir sitio", "Deshacer") waits for it: a keyboard user walking
 * to it with Tab took longer than Sonner's 4 s, and found nothing there (issue 43, WCAG 2.2.1).
 */
const waitingForAction = (data?: ExternalToast): ExternalToast | undefined =>
  data?.action ? { duration: UNTIL_CLOSED, ...data } : data;

/**
 * Sonner's `toast`, except that errors and warnings stay until the person closes them (issue 43):
 * a refusal explains itself in up to sixty words, and vanished after 3.5 s. So does any toast with
 * an action. Other success and information toasts keep Sonner's timing. A call that names its own
 * `duration` keeps it.
 */
export const toast = Object.assign((message: Message, data?: ExternalToast) => sonner(message, waitingForAction(data)), sonner, {
  error: (message: Message, data?: ExternalToast) => sonner.error(message, { duration: UNTIL_CLOSED, ...data }),
  warning: (message: Message, data?: ExternalToast) => sonner.warning(message, { duration: UNTIL_CLOSED, ...data }),
  success: (message: Message, data?: ExternalToast) => sonner.success(message, waitingForAction(data)),
  info: (message: Message, data?: ExternalToast) => sonner.info(message, waitingForAction(data)),
});
