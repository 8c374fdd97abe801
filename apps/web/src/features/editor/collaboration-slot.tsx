import type { SpaceRole } from '@div/shared/members';
import type { SpaceSummary } from '@div/shared/spaces';
import { lazy, Suspense } from 'react';

/*
 * The editor's slot for features/collaboration: its dialogs load on first use, never with the
 * editor's first JavaScript (README budget, ADR 0213).
 */
const ShareDialog = lazy(() => import('../collaboration/share-dialog').then((module) => ({ default: module.ShareDialog })));
const MembersDialog = lazy(() => import('../collaboration/members-dialog').then((module) => ({ default: module.MembersDialog })));

export type CollaborationDialog = 'share' | 'members' | null;

export function CollaborationDialogs({
  open,
  onClose,
  space,
  role,
  onSpaceChanged,
  onTeamChanged,
}: {
  open: CollaborationDialog;
  onClose: () => void;
  space: SpaceSummary;
  role: SpaceRole;
  onSpaceChanged: (space: SpaceSummary) => void;
  onTeamChanged: () => void;
}) {
  if (open === null) return null;
  const onOpenChange = (next: boolean) => {
    if (!next) onClose();
  };
  return (
    <Suspense fallback={null}>
      {open === 'share' && <ShareDialog open onOpenChange={onOpenChange} space={space} role={role} onChanged={onSpaceChanged} />}
      {open === 'members' && <MembersDialog open onOpenChange={onOpenChange} spaceId={space.id} onTeamChanged={onTeamChanged} />}
    </Suspense>
  );
}
