import { formatBytes } from '@div/shared/asset-display';
import { ImageIcon, Pencil, Trash2, Upload } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useEditorUi } from '../editor-store';
import type { SpaceImages } from './use-space-images';
import './locale';

const iconButton =
  'rounded p-1 text-gray-500 hover:bg-gray-200 hover:text-gray-800 dark:hover:bg-gray-800 dark:hover:text-gray-100';

/** The sidebar's "Imágenes": the space's own images, with upload, rename and delete for editors. */
export function ImagesSection({ images: actions, canEdit }: { images: SpaceImages; canEdit: boolean }) {
  const { t } = useTranslation('images');
  const images = useEditorUi((state) => state.images);
  const input = useRef<HTMLInputElement>(null);
  return (
    <section aria-labelledby="images-title" className="mt-4" data-testid="images-section">
      <div className="flex items-center px-4 pb-2">
        <h2 id="images-title" className="text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400">
          {t('title')}
        </h2>
        {canEdit && (
          <>
            <button
              type="button"
              className={`ml-auto ${iconButton}`}
              onClick={() => input.current?.click()}
              aria-label={t('upload')}
              title={t('upload')}
            >
              <Upload className="size-4" aria-hidden />
            </button>
            <input
              ref={input}
              type="file"
              accept="image/*"
              multiple
              hidden
              data-testid="image-upload-input"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                if (files.length) void actions.upload(files);
              }}
            />
          </>
        )}
      </div>
      {images.length === 0 ? (
        canEdit && <p className="px-4 text-xs text-gray-600 dark:text-gray-400">{t('empty')}</p>
      ) : (
        <ul>
          {images.map((image) => (
            <li key={image.id} className="flex items-center gap-2 px-4 py-1 text-sm text-gray-700 dark:text-gray-300">
              <ImageIcon className="size-4 shrink-0" aria-hidden />
              <span className="min-w-0 flex-1 truncate" title={`${image.width}×${image.height} · ${formatBytes(image.bytes)}`}>
                {image.name}
              </span>
              {canEdit && (
                <>
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={t('rename', { name: image.name })}
                    onClick={() => {
                      const name = window.prompt(t('renamePrompt'), image.name)?.trim();
                      if (name && name !== image.name) void actions.rename(image, name);
                    }}
                  >
                    <Pencil className="size-3.5" aria-hidden />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={t('remove', { name: image.name })}
                    onClick={() => window.confirm(t('confirmRemove', { name: image.name })) && void actions.remove(image)}
                  >
                    <Trash2 className="size-3.5" aria-hidden />
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {actions.storage && (
        <p className="px-4 pt-2 text-xs text-gray-600 dark:text-gray-400">
          {t('storage', { used: formatBytes(actions.storage.usedBytes), limit: formatBytes(actions.storage.limitBytes) })}
        </p>
      )}
    </section>
  );
}
