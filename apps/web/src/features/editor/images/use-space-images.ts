import type { SpaceImage } from '@div/shared/assets';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useEditorStore } from '../editor-store';
import { deleteImage, listImages, renameImage, uploadImage } from './api';
import './locale';

export interface SpaceImages {
  storage: { usedBytes: number; limitBytes: number } | null;
  upload: (files: File[]) => Promise<SpaceImage[]>;
  rename: (image: SpaceImage, name: string) => Promise<void>;
  remove: (image: SpaceImage) => Promise<void>;
}

/** The first preview URL of each image, by name (the variant nearest 960 px). */
const urlsOf = (images: SpaceImage[]) =>
  Object.fromEntries(
    images.map((i) => [i.name, i.variants.reduce((a, b) => (Math.abs(b.width - 960) < Math.abs(a.width - 960) ? b : a)).url]),
  );

/**
 * The space's own images (issue 24): loaded into the editor store (the preview and the visual panel
 * read them there); uploads from the sidebar, the visual panel, or files dropped or pasted anywhere
 * in the editor when the person may edit.
 */
export function useSpaceImages(
  spaceId: string,
  canEdit: boolean,
  onFilesChanged: () => void,
  /** After an upload, with its toast's id: "Usar en la portada" is offered there (issue 38). */
  onUploaded?: (image: SpaceImage, toastId: string | number) => void,
): SpaceImages {
  const { t } = useTranslation('images');
  const store = useEditorStore();
  const [storage, setStorage] = useState<SpaceImages['storage']>(null);
  const refresh = useCallback(async () => {
    const list = await listImages(spaceId);
    store.set({ images: list.images, imageUrls: urlsOf(list.images) });
    setStorage(list.storage);
  }, [spaceId, store]);
  useEffect(() => {
    void refresh().catch(() => {});
  }, [refresh]);

  const upload = useCallback(
    async (files: File[]) => {
      const done: SpaceImage[] = [];
      for (const file of files) {
        const id = toast.loading(t('uploading', { name: file.name }));
        try {
          const { image } = await uploadImage(spaceId, file);
          done.push(image);
          toast.success(t('uploaded', { name: image.name }), { id });
          onUploaded?.(image, id);
        } catch (error) {
          toast.error(error instanceof ApiError ? error.message : String(error), { id });
        }
      }
      await refresh().catch(() => {});
      return done;
    },
    [spaceId, refresh, t, onUploaded],
  );
  const rename = useCallback(
    async (image: SpaceImage, name: string) => {
      try {
        await renameImage(spaceId, image.id, name);
        onFilesChanged();
      } catch (error) {
        toast.error(error instanceof ApiError ? error.message : String(error));
      }
      await refresh().catch(() => {});
    },
    [spaceId, refresh, onFilesChanged],
  );
  const remove = useCallback(
    async (image: SpaceImage) => {
      try {
        await deleteImage(spaceId, image.id);
      } catch (error) {
        toast.error(error instanceof ApiError ? error.message : String(error));
      }
      await refresh().catch(() => {});
    },
    [spaceId, refresh],
  );

  // Files dropped or pasted anywhere in the editor (code, panel, prompt bar) are uploaded.
  useEffect(() => {
    if (!canEdit) return;
    const imagesOf = (list: FileList | null | undefined) => [...(list ?? [])].filter((f) => f.type.startsWith('image/'));
    const onDragOver = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      const files = imagesOf(event.dataTransfer?.files);
      if (!files.length) return;
      event.preventDefault();
      void upload(files);
    };
    const onPaste = (event: ClipboardEvent) => {
      const files = imagesOf(event.clipboardData?.files);
      if (!files.length) return;
      event.preventDefault();
      void upload(files);
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    window.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
      window.removeEventListener('paste', onPaste);
    };
  }, [canEdit, upload]);

  return { storage, upload, rename, remove };
}
