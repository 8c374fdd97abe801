import { type ExternalToast, toast as sonner } from 'sonner';

type Message = Parameters<typeof sonner.error>[0];

/**
 * Sonner's `toast`, except that errors and warnings stay until the person closes them (issue 43):
 * a refusal explains itself in up to sixty words, and vanished after 3.5 s. Success and information
 * toasts keep Sonner's timing. A call that names its own `duration` keeps it.
 */
export const toast = Object.assign((message: Message, data?: ExternalToast) => sonner(message, data), sonner, {
  error: (message: Message, data?: ExternalToast) => sonner.error(message, { duration: Number.POSITIVE_INFINITY, ...data }),
  warning: (message: Message, data?: ExternalToast) => sonner.warning(message, { duration: Number.POSITIVE_INFINITY, ...data }),
});
