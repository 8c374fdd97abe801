import { FileCode2, FileJson, FileType } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { languageOfPath } from './code-editor';
import type { EditableFile } from './drafts';

const icons = { html: FileCode2, css: FileType, javascript: FileJson, plaintext: FileCode2 } as const;

export function FileSidebar({
  files,
  active,
  onOpen,
  children,
}: {
  files: EditableFile[];
  active: string;
  onOpen: (path: string) => void;
  /** More sections under the files (the space's images, issue 24). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('editor');
  return (
    <nav aria-label={t('files')} className="h-full overflow-y-auto bg-gray-50 py-3 dark:bg-gray-900/60">
      <h2 className="px-4 pb-2 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400">{t('files')}</h2>
      <ul>
        {files.map((file) => {
          const Icon = icons[languageOfPath(file.path) as keyof typeof icons] ?? FileCode2;
          const selected = file.path === active;
          return (
            <li key={file.path}>
              <button
                type="button"
                onClick={() => onOpen(file.path)}
                aria-current={selected ? 'true' : undefined}
                className={`flex w-full items-center gap-2 px-4 py-1.5 text-left text-sm ${selected ? 'bg-indigo-100 font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200' : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800'}`}
              >
                <Icon className="size-4 shrink-0" aria-hidden />
                <span className="truncate">{file.path}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {children}
    </nav>
  );
}

export function FileTabs({
  tabs,
  active,
  onSelect,
  onClose,
}: {
  tabs: string[];
  active: string;
  onSelect: (path: string) => void;
  onClose: (path: string) => void;
}) {
  const { t } = useTranslation('editor');
  return (
    <div
      role="tablist"
      aria-label={t('openFiles')}
      className="flex shrink-0 overflow-x-auto border-b border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900"
    >
      {tabs.map((path) => (
        <div
          key={path}
          className={`flex items-center border-r border-gray-200 text-sm dark:border-gray-800 ${path === active ? 'bg-white text-gray-900 dark:bg-gray-950 dark:text-gray-100' : 'text-gray-600 dark:text-gray-400'}`}
        >
          <button type="button" role="tab" aria-selected={path === active} onClick={() => onSelect(path)} className="px-3 py-1.5">
            {path}
          </button>
          {tabs.length > 1 && (
            <button
              type="button"
              aria-label={t('closeTab', { path })}
              onClick={() => onClose(path)}
              className="mr-1 rounded px-1 text-gray-400 hover:bg-gray-200 hover:text-gray-700 dark:hover:bg-gray-800"
            >
              ×
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
