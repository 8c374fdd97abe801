import { AlertDialog, Dialog } from 'radix-ui';
import { type ComponentProps, useState } from 'react';

type FocusEvent = Event;

/**
 * The control that had focus when a dialog opened gets it back when the dialog closes (issue 43,
 * WCAG 2.4.3). Radix returns focus only to its own Trigger; most of DIV's dialogs open from code (the
 * floating tools button, "Publicar", a card's menu), and focus fell to <body>. The content mounts when
 * the dialog opens, before Radix moves focus into it, so the opener is still the active element then.
 */
function useOpener() {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  return (event: FocusEvent, own?: (event: FocusEvent) => void) => {
    own?.(event);
    if (event.defaultPrevented) return;
    if (opener && opener !== document.body && opener.isConnected) {
      event.preventDefault();
      opener.focus({ preventScroll: true });
    }
  };
}

/** `Dialog.Content` that gives focus back to whatever opened it. */
export function DialogContent({ onCloseAutoFocus, ...props }: ComponentProps<typeof Dialog.Content>) {
  const giveBack = useOpener();
  return <Dialog.Content {...props} onCloseAutoFocus={(event) => giveBack(event, onCloseAutoFocus)} />;
}

/** `AlertDialog.Content` that gives focus back to whatever opened it. */
export function AlertDialogContent({ onCloseAutoFocus, ...props }: ComponentProps<typeof AlertDialog.Content>) {
  const giveBack = useOpener();
  return <AlertDialog.Content {...props} onCloseAutoFocus={(event) => giveBack(event, onCloseAutoFocus)} />;
}
