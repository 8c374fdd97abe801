import type { DesignFamilyInfo } from '@div/shared/design';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from '../../lib/i18n';
import { useDesignPreview, useDesigns } from './api';
import './locale';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';
/** The preview is drawn at a desktop width and scaled down into its card. */
const FRAME_WIDTH = 1280;
const FRAME_HEIGHT = 800;
const SCALE = 0.25;

/**
 * "Cambiar diseño" (issue 38): the other design families, each with a small preview of the site in
 * it; choosing one makes a new version without an AI message.
 */
export function DesignDialog({
  spaceId,
  stamp,
  canEdit,
  applying,
  onApply,
  onClose,
}: {
  spaceId: string;
  stamp: string;
  canEdit: boolean;
  applying: string | null;
  onApply: (family: DesignFamilyInfo) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('design');
  const designs = useDesigns(spaceId, stamp, true);
  const language = i18n.language === 'en' ? 'en' : 'es';
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          data-testid="design-dialog"
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[min(60rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl dark:bg-gray-900"
        >
          <div className="flex items-start gap-3 border-gray-200 border-b p-4 dark:border-gray-800">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="font-semibold text-gray-900 text-lg dark:text-gray-100">{t('title')}</Dialog.Title>
              <Dialog.Description className="mt-1 text-gray-600 text-sm dark:text-gray-300">
                {t('description')}
              </Dialog.Description>
            </div>
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
          <div className="min-h-0 flex-1 overflow-y-auto p-4">
            {designs.isPending && (
              <p role="status" className="text-gray-700 text-sm dark:text-gray-200">
                {t('loading')}
              </p>
            )}
            {designs.isError && <p className="text-red-700 text-sm dark:text-red-300">{t('error')}</p>}
            {designs.data && !designs.data.restylable && (
              <p className="text-gray-700 text-sm dark:text-gray-200">{t('notRestylable')}</p>
            )}
            {designs.data?.restylable && (
              <ul className="grid grid-cols-[repeat(auto-fill,320px)] justify-center gap-4">
                {designs.data.families.map((family) => (
                  <li
                    key={family.id}
                    data-testid={`design-${family.id}`}
                    className="rounded-lg border border-gray-200 dark:border-gray-700"
                  >
                    <FamilyPreview spaceId={spaceId} family={family} stamp={stamp} name={family.name[language]} />
                    <div className="flex items-center gap-2 p-3">
                      <div className="min-w-0 flex-1">
                        <h3 className="font-semibold text-gray-900 text-sm dark:text-gray-100">
                          {family.name[language]}
                          {family.dark && (
                            <span className="ml-2 rounded bg-gray-800 px-1.5 py-0.5 font-medium text-white text-xs">
                              {t('dark')}
                            </span>
                          )}
                        </h3>
                        <p className="truncate text-gray-600 text-xs dark:text-gray-300">{t('fonts', family.fonts)}</p>
                      </div>
                      {canEdit && (
                        <button
                          type="button"
                          disabled={applying !== null}
                          onClick={() => onApply(family)}
                          className={clsx(
                            'shrink-0 rounded-lg bg-indigo-600 px-3 py-1.5 font-semibold text-sm text-white hover:bg-indigo-500 disabled:opacity-60',
                            focusRing,
                          )}
                        >
                          {applying === family.id ? t('applying') : t('apply', { name: family.name[language] })}
                        </button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The site in one family, drawn at desktop width and scaled into the card; no scripts run in it. */
function FamilyPreview({
  spaceId,
  family,
  stamp,
  name,
}: {
  spaceId: string;
  family: DesignFamilyInfo;
  stamp: string;
  name: string;
}) {
  const { t } = useTranslation('design');
  const preview = useDesignPreview(spaceId, family.id, stamp);
  return (
    <div
      className="relative w-[320px] overflow-hidden rounded-t-lg"
      style={{ aspectRatio: `${FRAME_WIDTH} / ${FRAME_HEIGHT}`, background: family.swatch.bg }}
    >
      {preview.data && (
        <iframe
          title={t('preview', { name })}
          srcDoc={preview.data.html}
          sandbox=""
          loading="lazy"
          tabIndex={-1}
          className="pointer-events-none absolute top-0 left-0 origin-top-left border-0"
          style={{ width: FRAME_WIDTH, height: FRAME_HEIGHT, transform: `scale(${SCALE})` }}
        />
      )}
    </div>
  );
}
