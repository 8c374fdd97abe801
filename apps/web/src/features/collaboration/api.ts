import type {
  AcceptResponse,
  InvitationPreview,
  InviteBody,
  InviteResponse,
  MemberRole,
  MembersResponse,
  SharedSpacesResponse,
} from '@div/shared/members';
import type { SharedView, SpaceResponse, SpaceSummary, UpdateSpaceBody } from '@div/shared/spaces';
import { api } from '../../lib/api';

const spaceUrl = (id: string) => `/api/spaces/${encodeURIComponent(id)}`;

/** The owner changes who may see and remix the space (ADR 0210). */
export function updateSharing(spaceId: string, body: Pick<UpdateSpaceBody, 'public' | 'allowRemix'>) {
  return api<SpaceResponse>(spaceUrl(spaceId), { method: 'PATCH', body });
}

/** A new space of the signed-in person with every file of `spaceId` (or of one of its versions). */
export async function remix(spaceId: string, versionId?: string): Promise<SpaceSummary> {
  const body = versionId ? { spaceId, versionId } : { spaceId };
  return (await api<{ space: SpaceSummary }>('/api/remix', { method: 'POST', body })).space;
}

/** What a space shares with anyone; no session needed. */
export function getShared(spaceId: string) {
  return api<SharedView>(`/api/share/${encodeURIComponent(spaceId)}`, { anonymous: true });
}

export const membersQueryKey = (spaceId: string) => ['space', spaceId, 'members'] as const;

export function getMembers(spaceId: string) {
  return api<MembersResponse>(`${spaceUrl(spaceId)}/members`);
}

export function inviteMember(spaceId: string, body: InviteBody) {
  return api<InviteResponse>(`${spaceUrl(spaceId)}/invitations`, { method: 'POST', body });
}

export function revokeInvitation(spaceId: string, invitationId: string) {
  return api<void>(`${spaceUrl(spaceId)}/invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' });
}

export function changeRole(spaceId: string, userId: string, role: MemberRole) {
  return api<unknown>(`${spaceUrl(spaceId)}/members/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { role } });
}

export function removeMember(spaceId: string, userId: string) {
  return api<void>(`${spaceUrl(spaceId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export function leaveSpace(spaceId: string) {
  return api<void>(`${spaceUrl(spaceId)}/leave`, { method: 'POST' });
}

export function getInvitation(token: string) {
  return api<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`, { anonymous: true });
}

export function acceptInvitation(token: string) {
  return api<AcceptResponse>(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' });
}

export function listSharedSpaces() {
  return api<SharedSpacesResponse>('/api/shared-spaces');
}
