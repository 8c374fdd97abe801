import type { SpaceImage } from '@div/shared/assets';
import type { DesignChangeResponse, DesignFamilyInfo } from '@div/shared/design';
import type { Version } from '@div/shared/spaces';
import { type Dispatch, lazy, type SetStateAction, Suspense, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { applyDesign, putHeroImage } from '../design/api';
import { DesignButton } from '../design/design-button';
import type { FileSession } from './files/use-file-session';
import '../design/locale';

/*
 * The editor's slot for features/design (issue 38): "Cambiar diseño" beside the header's actions,
 * its dialog (loaded on first use), and "Usar en la portada" offered after an image is uploaded.
 * Both make a new version without an AI message, undone by restoring the one before.
 */
const DesignDialog = lazy(() => import('../design/design-dialog').then((module) => ({ default: module.DesignDialog })));

export function useDesignSlot({
  spaceId,
  revision,
  canEdit,
  session,
  versions,
  setVersions,
  restore,
  onUnauthorized,
}: {
  spaceId: string;
  revision: number;
  canEdit: boolean;
  session: FileSession;
  versions: Version[];
  setVersions: Dispatch<SetStateAction<Version[]>>;
  restore: (version: Version) => void;
  onUnauthorized: () => void;
}) {
  const { t, i18n } = useTranslation('design');
  const [open, setOpen] = useState(false);
  const [applying, setApplying] = useState<string | null>(null);
  const stamp = `${revision}:${versions[0]?.id ?? ''}`;

  /** Saves what is typed, makes the change, and shows the new files with an undo. */
  const change = async (id: string, run: () => Promise<DesignChangeResponse>, done: string, failed: string) => {
    const before = versions[0];
    setApplying(id);
    try {
      await session.save();
      const result = await run();
      session.replace(
        result.files.map((file) => ({ path: file.id, content: file.content })),
        result.revision,
      );
      setVersions((current) => [result.version, ...current]);
      toast.success(done, {
        action: before ? { label: t('undo'), onClick: () => restore(before) } : undefined,
        duration: 15_000,
      });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onUnauthorized();
      else toast.error(failed, { description: error instanceof ApiError ? error.message : undefined });
      return false;
    } finally {
      setApplying(null);
    }
  };

  const apply = (family: DesignFamilyInfo) => {
    const name = family.name[i18n.language === 'en' ? 'en' : 'es'];
    void change(family.id, () => applyDesign(spaceId, family.id), t('applied', { name }), t('applyError')).then(
      (ok) => ok && setOpen(false),
    );
  };

  /** After an upload: its toast (`id`) offers the new image for the hero. */
  const offerHero = (image: SpaceImage, id: string | number) => {
    if (!canEdit) return;
    toast.success(t('uploaded', { name: image.name }), {
      id,
      action: {
        label: t('useInHero'),
        onClick: () =>
          void change(image.name, () => putHeroImage(spaceId, image.name), t('heroUsed', { name: image.name }), t('heroError')),
      },
      duration: 20_000,
    });
  };

  const button = <DesignButton onOpen={() => setOpen(true)} />;
  const dialogs = (
    <Suspense fallback={null}>
      {open && (
        <DesignDialog
          spaceId={spaceId}
          stamp={stamp}
          canEdit={canEdit}
          applying={applying}
          onApply={apply}
          onClose={() => setOpen(false)}
        />
      )}
    </Suspense>
  );
  return { button, dialogs, offerHero };
}
