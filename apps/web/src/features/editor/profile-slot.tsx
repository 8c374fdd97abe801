import type { ProfileEdit } from '@div/shared/profile';
import type { Version } from '@div/shared/spaces';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, lazy, type SetStateAction, Suspense, useState } from 'react';
import { ApiError } from '../../lib/api';
import { saveSiteProfile, siteProfileQueryKey, useSiteProfile } from '../profile/api';
import { ProfileButton } from '../profile/profile-button';
import type { FileSession } from './files/use-file-session';

/*
 * The editor's slot for features/profile (issue 37): "Lo que entendí" beside the header's actions
 * once the first generation has written it, and its card. A saved correction that changed the page
 * comes back as files and a version ("Datos de «Lo que entendí»"), with no message charged.
 */
const ProfileCard = lazy(() => import('../profile/profile-card').then((module) => ({ default: module.ProfileCard })));

export function useProfileSlot({
  spaceId,
  canEdit,
  session,
  versions,
  setVersions,
  onUnauthorized,
}: {
  spaceId: string;
  canEdit: boolean;
  session: FileSession;
  versions: Version[];
  setVersions: Dispatch<SetStateAction<Version[]>>;
  onUnauthorized: () => void;
}) {
  const queryClient = useQueryClient();
  // A new version (a generation, a restore, a correction) reads the profile again.
  const stamp = versions[0]?.id ?? '';
  const query = useSiteProfile(spaceId, stamp);
  const [open, setOpen] = useState(false);
  const data = query.data;

  const save = async (edit: ProfileEdit) => {
    try {
      // The server writes on the saved files: what was typed goes first.
      await session.save();
      const result = await saveSiteProfile(spaceId, edit);
      if (result.version) {
        session.replace(
          result.files.map((file) => ({ path: file.id, content: file.content })),
          result.revision,
        );
        setVersions((current) => [result.version as Version, ...current]);
      }
      const key = [...siteProfileQueryKey(spaceId), result.version?.id ?? stamp];
      queryClient.setQueryData(key, { profile: result.profile, kinds: data?.kinds ?? [], firstRead: data?.firstRead ?? null });
      return result;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onUnauthorized();
      throw error;
    }
  };

  const profile = data?.profile ?? null;
  const button = profile ? <ProfileButton uncertain={profile.uncertain.length} onOpen={() => setOpen(true)} /> : null;
  const dialogs =
    open && profile ? (
      <Suspense fallback={null}>
        <ProfileCard
          open
          onOpenChange={setOpen}
          profile={profile}
          firstRead={data?.firstRead}
          kinds={data?.kinds ?? []}
          canEdit={canEdit}
          onSave={save}
        />
      </Suspense>
    ) : null;
  return { button, dialogs };
}
