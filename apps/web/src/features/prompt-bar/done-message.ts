import type { TFunction } from '../../lib/i18n';
import type { GenerationDone } from './use-generation';

/**
 * The toast after a generation (issue 39): it says what changed — what the local composer says it
 * did, or the files created and changed — and, when the answer left part of the request undone,
 * it is a warning that says which part. A change that did half is never told as finished.
 */
export function doneMessage(
  done: Pick<GenerationDone, 'files' | 'said' | 'notDone'>,
  before: readonly { path: string }[],
  t: TFunction,
): { partial: boolean; text: string } {
  const had = new Set(before.map((f) => f.path));
  const list = (paths: string[]) =>
    paths.length <= 1 ? (paths[0] ?? '') : `${paths.slice(0, -1).join(', ')} ${t('and')} ${paths[paths.length - 1]}`;
  const created = done.files.filter((f) => !had.has(f.path)).map((f) => f.path);
  const changed = done.files.filter((f) => had.has(f.path)).map((f) => f.path);
  const parts = [
    ...(changed.length ? [t('changedFiles', { files: list(changed) })] : []),
    ...(created.length ? [t('createdFiles', { files: list(created) })] : []),
  ];
  const what = done.said?.trim().replace(/[.\s]+$/, '') || (parts.length ? parts.join(` ${t('and')} `) : t('noFileChanged'));
  if (done.notDone) return { partial: true, text: t('donePartial', { what, notDone: done.notDone.trim() }) };
  return { partial: false, text: t('doneWhat', { what }) };
}
