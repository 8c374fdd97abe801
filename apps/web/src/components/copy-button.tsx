import { COPY_CONFIRMATION_MS } from '@div/shared/constants';
import { clsx } from 'clsx';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

/**
 * A button that copies `value` and says so for COPY_CONFIRMATION_MS. The confirmation is
 * announced (aria-live) and the accessible name says what is copied. When the clipboard is refused
 * (an insecure origin), the value stays selectable where it is shown.
 */
export function CopyButton({
  value,
  label,
  copiedLabel,
  name,
  className,
  iconOnly = false,
}: {
  value: string;
  /** "Copiar", in the screen's language. */
  label: string;
  /** "¡Copiado!". */
  copiedLabel: string;
  /** What is copied, for the accessible name ("Copiar https://…"); the value itself by default. */
  name?: string;
  className?: string;
  iconOnly?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Refused: the value stays on screen to select by hand.
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };
  const text = copied ? copiedLabel : label;
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={`${text} ${name ?? value}`}
      title={iconOnly ? text : undefined}
      className={clsx(
        'inline-flex shrink-0 items-center gap-1 rounded-md border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
        className,
      )}
    >
      {copied ? (
        <Check aria-hidden className="size-3.5 text-emerald-600 dark:text-emerald-400" />
      ) : (
        <Copy aria-hidden className="size-3.5" />
      )}
      <span aria-live="polite" className={iconOnly ? 'sr-only' : undefined}>
        {text}
      </span>
    </button>
  );
}
