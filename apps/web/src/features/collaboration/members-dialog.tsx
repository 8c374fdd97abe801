import type { InviteResponse, MemberRole, MembersResponse } from '@div/shared/members';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, UserMinus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../components/avatar';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { changeRole, getMembers, inviteMember, leaveSpace, membersQueryKey, removeMember, revokeInvitation } from './api';
import { DialogFrame } from './dialog-frame';
import './locale';

const field =
  'rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-100';
const quiet =
  'inline-flex items-center gap-1 rounded-md border border-gray-300 px-2 py-1 text-xs font-medium text-gray-800 hover:bg-gray-50 disabled:opacity-50 dark:border-gray-700 dark:text-gray-200 dark:hover:bg-gray-800';

/** "Invitar": the space's team. The owner invites, changes roles, removes, revokes; a member may leave (ADR 0211). */
export function MembersDialog({
  open,
  onOpenChange,
  spaceId,
  onTeamChanged,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  spaceId: string;
  /** The team changed (the editor reloads the space: its member count decides real-time editing). */
  onTeamChanged: () => void;
}) {
  const { t } = useTranslation('collaboration');
  const team = useQuery({ queryKey: membersQueryKey(spaceId), queryFn: () => getMembers(spaceId), retry: false });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await work();
      if (done) toast.success(done);
      await queryClient.invalidateQueries({ queryKey: membersQueryKey(spaceId) });
      onTeamChanged();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('members.error'));
    } finally {
      setBusy(false);
    }
  };
  const data = team.data;
  const owner = data?.role === 'owner';

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={t('members.title')}
      description={data && !owner ? t('members.memberDescription', { owner: data.owner.name }) : t('members.description')}
    >
      {team.isPending && <p role="status">{t('members.loading')}</p>}
      {team.isError && <p role="alert">{t('members.loadError')}</p>}
      {data && owner && <InviteForm spaceId={spaceId} team={data} onInvited={() => act(async () => {})} />}
      {data && (
        <>
          <h3 className="mt-5 mb-2 text-sm font-semibold text-gray-900 dark:text-gray-100">{t('members.people')}</h3>
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
            <li className="flex items-center gap-3 px-3 py-2">
              <Avatar src={data.owner.picture} name={data.owner.name} size="sm" />
              <span className="min-w-0 flex-1 truncate text-sm text-gray-900 dark:text-gray-100">{data.owner.name}</span>
              <span className="text-xs text-gray-600 dark:text-gray-400">{t('members.roles.owner')}</span>
            </li>
            {data.members.map((member) => (
              <li key={member.id} data-testid="member-row" className="flex items-center gap-3 px-3 py-2">
                <Avatar src={member.picture} name={member.name} size="sm" />
                <span className="min-w-0 flex-1 truncate text-sm text-gray-900 dark:text-gray-100">
                  {member.name} <span className="text-xs text-gray-600 dark:text-gray-400">{member.email}</span>
                </span>
                {owner ? (
                  <>
                    <select
                      aria-label={t('members.roleOf', { name: member.name })}
                      value={member.role}
                      disabled={busy}
                      onChange={(event) => void act(() => changeRole(spaceId, member.id, event.target.value as MemberRole))}
                      className={`${field} py-1 text-xs`}
                    >
                      {(['editor', 'viewer'] as const).map((role) => (
                        <option
                          key={role}
                          value={role}
                          disabled={!data.collaboration.roles.includes(role) && member.role !== role}
                        >
                          {t(`members.roles.${role}`)}
                        </option>
                      ))}
                    </select>
                    <button
                      type="button"
                      className={quiet}
                      disabled={busy}
                      aria-label={t('members.removeOf', { name: member.name })}
                      onClick={() =>
                        void act(() => removeMember(spaceId, member.id), t('members.removed', { name: member.name }))
                      }
                    >
                      <UserMinus className="size-3" aria-hidden />
                      {t('members.remove')}
                    </button>
                  </>
                ) : (
                  <span className="text-xs text-gray-600 dark:text-gray-400">{t(`members.roles.${member.role}`)}</span>
                )}
              </li>
            ))}
          </ul>
          {owner && data.invitations.length > 0 && (
            <>
              <h3 className="mt-5 mb-2 text-sm font-semibold text-gray-900 dark:text-gray-100">{t('members.pending')}</h3>
              <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
                {data.invitations.map((invitation) => (
                  <li key={invitation.id} data-testid="invitation-row" className="flex items-center gap-3 px-3 py-2">
                    <span className="min-w-0 flex-1 truncate text-sm text-gray-900 dark:text-gray-100">{invitation.email}</span>
                    <span className="text-xs text-gray-600 dark:text-gray-400">{t(`members.roles.${invitation.role}`)}</span>
                    <button
                      type="button"
                      className={quiet}
                      disabled={busy}
                      aria-label={t('members.revokeOf', { email: invitation.email })}
                      onClick={() => void act(() => revokeInvitation(spaceId, invitation.id))}
                    >
                      {t('members.revoke')}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
          {!owner && (
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  await leaveSpace(spaceId);
                  navigate(paths.spaces);
                }, t('members.left'))
              }
              className="mt-5 rounded-lg border border-red-300 px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950"
            >
              {t('members.leave')}
            </button>
          )}
        </>
      )}
    </DialogFrame>
  );
}

function InviteForm({ spaceId, team, onInvited }: { spaceId: string; team: MembersResponse; onInvited: () => void }) {
  const { t, i18n } = useTranslation('collaboration');
  const roles = team.collaboration.roles;
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>(roles[0] ?? 'viewer');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<(InviteResponse & { to: string }) | null>(null);
  if (team.collaboration.maxMembers === 0) {
    return (
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
        {t('members.planCannotInvite')}{' '}
        <Link to={paths.pricing} className="font-semibold underline">
          {t('members.upgrade')}
        </Link>
      </p>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      const answer = await inviteMember(spaceId, { email, role, locale: i18n.language });
      setSent({ ...answer, to: answer.invitation.email });
      setEmail('');
      onInvited();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('members.error'));
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm font-medium text-gray-800 dark:text-gray-200">
          {t('members.email')}
          <input type="email" required value={email} onChange={(event) => setEmail(event.target.value)} className={field} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-gray-800 dark:text-gray-200">
          {t('members.role')}
          <select value={role} onChange={(event) => setRole(event.target.value as MemberRole)} className={field}>
            {roles.map((option) => (
              <option key={option} value={option}>
                {t(`members.roles.${option}`)} — {t(`members.roleHint.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          disabled={sending}
          className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60"
        >
          {sending ? t('members.inviting') : t('members.invite')}
        </button>
      </form>
      {sent && <InvitationLink sent={sent} />}
    </>
  );
}

function InvitationLink({ sent }: { sent: InviteResponse & { to: string } }) {
  const { t } = useTranslation('collaboration');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sent.link);
      toast.success(t('members.copied'));
    } catch {
      document.getElementById('invitation-link')?.focus();
    }
  };
  return (
    <div className="mt-3 rounded-lg border border-indigo-200 bg-indigo-50 p-3 dark:border-indigo-900 dark:bg-indigo-950/50">
      <label htmlFor="invitation-link" className="text-sm font-medium text-gray-900 dark:text-gray-100">
        {t('members.link', { email: sent.to })}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="invitation-link"
          readOnly
          value={sent.link}
          onFocus={(event) => event.currentTarget.select()}
          className={`${field} min-w-0 flex-1`}
        />
        <button type="button" onClick={() => void copy()} className={quiet}>
          <Copy className="size-3" aria-hidden />
          {t('members.copy')}
        </button>
      </div>
      <p className="mt-1 text-xs text-gray-700 dark:text-gray-300">
        {sent.emailed ? t('members.emailed', { email: sent.to }) : t('members.linkHint')}
      </p>
    </div>
  );
}
