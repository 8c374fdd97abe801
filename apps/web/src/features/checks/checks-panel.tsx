import { type ChecksResponse, checkSeverities, type Finding } from '@div/shared/checks';
import { clsx } from 'clsx';
import { AlertCircle, AlertTriangle, Info, MonitorCheck, Sparkles, Wrench, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from '../../lib/i18n';
import type { useChecks } from './api';
import { aiFixPrompt } from './browser-findings';
import { ScoreBadge } from './score';
import './locale';
import { DialogContent } from '../../components/dialog-content';
import { summaryText } from './summary-text';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';
const ICONS = { error: AlertCircle, warning: AlertTriangle, notice: Info } as const;
const TONES = {
  error: 'text-red-700 dark:text-red-300',
  warning: 'text-amber-800 dark:text-amber-300',
  notice: 'text-sky-800 dark:text-sky-300',
} as const;

/** Findings of one severity, by file, in the order the server gave them (by line). */
function byFile(findings: readonly Finding[]): [string, Finding[]][] {
  const groups = new Map<string, Finding[]>();
  for (const finding of findings) groups.set(finding.file, [...(groups.get(finding.file) ?? []), finding]);
  return [...groups];
}

/**
 * "Revisión" (issue 40): the findings of the site's check, grouped by severity and page; a finding
 * opens its file at its line, or outlines its element in the preview (the browser's findings);
 * "Corregir todo" applies the deterministic fixes as one version; "Corregir con IA" sends the rest
 * to the model through the prompt bar.
 */
export function ChecksPanel({
  open,
  onOpenChange,
  checks,
  data,
  browser,
  canEdit,
  fixing,
  onFixAll,
  onFixWithAi,
  onUndo,
  onJump,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The server's check (its state); `data` holds its findings with the browser's. */
  checks: ReturnType<typeof useChecks>;
  data: ChecksResponse | undefined;
  /** The browser checks of the preview: running, finished for these files, run again. */
  browser: { running: boolean; done: boolean; onRun: () => void };
  canEdit: boolean;
  fixing: boolean;
  onFixAll: () => void;
  /** Sends the findings the fixes cannot repair to the model, as this prompt. */
  onFixWithAi: (prompt: string) => void;
  /** Present after "Corregir todo": restores the version from before the fixes. */
  onUndo?: (() => void) | undefined;
  onJump: (finding: Finding) => void;
}) {
  const { t, i18n } = useTranslation('checks');
  const language = i18n.language === 'en' ? 'en' : 'es';
  const aiPrompt = data ? aiFixPrompt(data.findings) : null;
  const button = clsx(
    'inline-flex items-center gap-1.5 rounded-lg border border-gray-300 px-3 py-1.5 font-medium text-gray-800 text-sm hover:bg-gray-50 disabled:opacity-60 dark:border-gray-600 dark:text-gray-100 dark:hover:bg-gray-800',
    focusRing,
  );
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <DialogContent
          data-testid="checks-panel"
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-white shadow-xl dark:bg-gray-900"
        >
          <div className="flex items-start gap-3 border-gray-200 border-b p-4 dark:border-gray-800">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="font-semibold text-gray-900 text-lg dark:text-gray-100">{t('title')}</Dialog.Title>
              <Dialog.Description className="mt-1 text-gray-600 text-sm dark:text-gray-300">
                {t('description')}
              </Dialog.Description>
            </div>
            {data && <ScoreBadge score={data.summary.score} label={t('score')} />}
            <Dialog.Close
              aria-label={t('close')}
              className={clsx(
                'rounded-md p-1.5 text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800',
                focusRing,
              )}
            >
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          {data && (
            <div className="flex flex-wrap items-center gap-2 border-gray-200 border-b px-4 py-3 dark:border-gray-800">
              <p className="flex-1 text-gray-700 text-sm dark:text-gray-200" data-testid="checks-summary">
                {summaryText(t, data.summary)}
              </p>
              {canEdit && onUndo && (
                <button type="button" onClick={onUndo} className={button}>
                  {t('undoFixes')}
                </button>
              )}
              {canEdit && data.summary.fixable > 0 && (
                <button
                  type="button"
                  onClick={onFixAll}
                  disabled={fixing}
                  className={clsx(
                    'inline-flex items-center gap-1.5 rounded-lg bg-indigo-600 px-3 py-1.5 font-semibold text-sm text-white hover:bg-indigo-500 disabled:opacity-60',
                    focusRing,
                  )}
                >
                  <Wrench className="size-4" aria-hidden />
                  {fixing ? t('fixing') : t('fixAll', { count: data.summary.fixable })}
                </button>
              )}
              <div className="flex w-full flex-wrap items-center gap-2">
                <button type="button" onClick={browser.onRun} disabled={browser.running} className={button}>
                  <MonitorCheck className="size-4" aria-hidden />
                  {t('browserRun')}
                </button>
                {canEdit && aiPrompt && (
                  <button type="button" onClick={() => onFixWithAi(aiPrompt)} disabled={fixing} className={button}>
                    <Sparkles className="size-4" aria-hidden />
                    {t('fixWithAi')}
                  </button>
                )}
                <p role="status" data-testid="checks-browser-status" className="text-gray-600 text-xs dark:text-gray-300">
                  {browser.running ? t('browserRunning') : browser.done ? t('browserDone') : ''}
                </p>
              </div>
            </div>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto p-4" aria-busy={checks.isFetching}>
            {checks.isPending && <p role="status">{t('loading')}</p>}
            {checks.isError && (
              <div role="alert" className="flex items-center gap-2 text-red-700 text-sm dark:text-red-300">
                {t('error')}
                <button type="button" onClick={() => void checks.refetch()} className={clsx('underline', focusRing)}>
                  {t('retry')}
                </button>
              </div>
            )}
            {data && data.findings.length === 0 && <p className="text-gray-700 text-sm dark:text-gray-200">{t('clean')}</p>}
            {data &&
              checkSeverities.map((severity) => {
                const findings = data.findings.filter((f) => f.severity === severity);
                if (!findings.length) return null;
                const Icon = ICONS[severity];
                return (
                  <section key={severity} aria-labelledby={`checks-${severity}`} className="mb-5">
                    <h3
                      id={`checks-${severity}`}
                      className={clsx('mb-2 flex items-center gap-1.5 font-semibold text-sm', TONES[severity])}
                    >
                      <Icon className="size-4" aria-hidden />
                      {t(`severity.${severity}`)} ({findings.length})
                    </h3>
                    {byFile(findings).map(([file, items]) => (
                      <div key={file} className="mb-3">
                        <h4 className="mb-1 font-mono text-gray-700 text-xs dark:text-gray-300">{file}</h4>
                        <ul className="space-y-1">
                          {items.map((finding) => (
                            <li
                              key={`${finding.rule}-${finding.line ?? 0}-${finding.column ?? 0}-${finding.selector ?? ''}-${finding.message.es}`}
                            >
                              <button
                                type="button"
                                data-testid="checks-finding"
                                data-rule={finding.rule}
                                onClick={() => onJump(finding)}
                                aria-label={
                                  finding.line
                                    ? `${t('goTo', { file: finding.file, line: finding.line })}: ${finding.message[language]}`
                                    : undefined
                                }
                                className={clsx(
                                  'w-full rounded-lg border border-gray-200 px-3 py-2 text-left text-gray-800 text-sm hover:bg-gray-50 dark:border-gray-700 dark:text-gray-100 dark:hover:bg-gray-800',
                                  focusRing,
                                )}
                              >
                                <span className="block">{finding.message[language]}</span>
                                <span className="mt-1 flex gap-2 text-gray-600 text-xs dark:text-gray-300">
                                  {finding.line && <span>{t('line', { line: finding.line })}</span>}
                                  {!finding.line && finding.selector && <span>{t('showElement')}</span>}
                                  <span className="font-mono">{finding.rule}</span>
                                  {finding.fixable && (
                                    <span className="text-indigo-700 dark:text-indigo-300">{t('fixable')}</span>
                                  )}
                                </span>
                              </button>
                            </li>
                          ))}
                        </ul>
                      </div>
                    ))}
                  </section>
                );
              })}
          </div>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
