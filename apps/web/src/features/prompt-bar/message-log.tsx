import { MessagesSquare, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useCallback, useState } from 'react';
import { DialogContent } from '../../components/dialog-content';
import { useTranslation } from '../../lib/i18n';
import { absoluteTime } from '../../lib/relative-time';
import './locale';

/** How an answer ended: done, done in part, stopped, refused with a reason, or failed. */
export type LogKind = 'done' | 'partial' | 'stopped' | 'refused' | 'error';

export interface LogEntry {
  id: number;
  kind: LogKind;
  /** What was asked. */
  prompt: string;
  /** What DIV answered, as the toast said it. */
  text: string;
  /** ISO time of the answer. */
  at: string;
}

/** Codes of a failure on DIV's or the provider's side; any other reason the server gives is a refusal. */
const FAILURE_CODES = /^(?:INTERNAL|UNAVAILABLE|RATE_LIMITED|ABORTED|UPSTREAM_\w+|PROVIDER_\w+|NETWORK)$/;

/**
 * An answer that was not done, as the log names it: a reason the server gave (a stream's error
 * event, or a 4xx before the stream began) is a refusal, unless its code is a failure's; a 5xx, a
 * lost connection or no code is an error.
 */
export function errorKind(code: string | undefined, status?: number): LogKind {
  if (!code || FAILURE_CODES.test(code)) return 'error';
  return status === undefined || (status < 500 && status !== 429) ? 'refused' : 'error';
}

/** The answers of this editor session, newest first (issue 43: a toast can be re-read after it goes). */
export function useMessageLog() {
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const add = useCallback((entry: Omit<LogEntry, 'id' | 'at'>) => {
    setEntries((current) => [{ ...entry, id: (current[0]?.id ?? 0) + 1, at: new Date().toISOString() }, ...current]);
  }, []);
  return { entries, add };
}

const BADGE: Record<LogKind, string> = {
  done: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  partial: 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  stopped: 'bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
  refused: 'bg-orange-50 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  error: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
};

/** The prompt bar's "Mensajes" button and the dialog where every answer of the session can be read again. */
export function MessageLog({ entries }: { entries: LogEntry[] }) {
  const { t, i18n } = useTranslation('prompt-bar');
  const [open, setOpen] = useState(false);
  const label = entries.length > 0 ? t('log.button', { count: entries.length }) : t('log.title');
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        aria-label={label}
        title={label}
        data-testid="message-log-button"
        className="relative rounded-lg p-2 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-gray-300 dark:hover:bg-gray-800"
      >
        <MessagesSquare className="size-4" aria-hidden />
        {entries.length > 0 && (
          <span
            aria-hidden
            className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-indigo-600 px-1 text-center text-[10px] leading-4 font-semibold text-white"
          >
            {entries.length}
          </span>
        )}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogContent
          data-testid="message-log"
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[85dvh] w-[min(36rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white p-5 shadow-xl dark:bg-gray-900"
        >
          <div className="flex items-start gap-2">
            <Dialog.Title className="text-lg font-semibold text-gray-900 dark:text-gray-100">{t('log.title')}</Dialog.Title>
            <Dialog.Close
              aria-label={t('close')}
              className="ml-auto rounded p-1 text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
            >
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-gray-700 dark:text-gray-300">
            {t('log.description')}
          </Dialog.Description>
          {entries.length === 0 ? (
            <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">{t('log.empty')}</p>
          ) : (
            // A scrolling region reachable with the keyboard (axe: scrollable-region-focusable).
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list is read with the arrow keys
            <ol tabIndex={0} aria-label={t('log.title')} className="mt-4 min-h-0 flex-1 space-y-3 overflow-y-auto pr-1">
              {entries.map((entry) => (
                <li
                  key={entry.id}
                  data-kind={entry.kind}
                  className="rounded-lg border border-gray-200 p-3 text-sm dark:border-gray-700"
                >
                  <div className="flex flex-wrap items-center gap-2 text-xs">
                    <span className={`rounded-full px-2 py-0.5 font-medium ${BADGE[entry.kind]}`}>
                      {t(`log.kind.${entry.kind}`)}
                    </span>
                    <time dateTime={entry.at} className="text-gray-600 dark:text-gray-400">
                      {absoluteTime(entry.at, i18n.language)}
                    </time>
                  </div>
                  <p className="mt-2 break-words text-gray-600 dark:text-gray-400">
                    <span className="sr-only">{t('log.asked')} </span>«{entry.prompt}»
                  </p>
                  <p className="mt-1 break-words whitespace-pre-wrap text-gray-900 dark:text-gray-100">{entry.text}</p>
                </li>
              ))}
            </ol>
          )}
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
