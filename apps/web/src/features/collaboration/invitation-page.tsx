import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { clearSession, getSession, rememberReturnTo } from '../../lib/session';
import { acceptInvitation, getInvitation } from './api';
import './locale';

/** /invite/:token: what the invitation is for; accepting it needs a sign-in with the invited address. */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('collaboration');
  useDocumentTitle(t('invitation.title'));
  const navigate = useNavigate();
  const invitation = useQuery({ queryKey: ['invitation', token], queryFn: () => getInvitation(token), retry: false });
  const [accepting, setAccepting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signedIn = getSession() !== null;

  const signIn = () => {
    clearSession();
    rememberReturnTo(paths.invite(token));
    navigate(paths.login);
  };
  const accept = async () => {
    setAccepting(true);
    setError(null);
    try {
      const { spaceId } = await acceptInvitation(token);
      navigate(paths.space(spaceId), { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) return signIn();
      setError(failure instanceof ApiError ? failure.message : t('members.error'));
      setAccepting(false);
    }
  };

  return (
    <main className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center gap-4 px-4 py-16 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
        <UserPlus className="size-6" aria-hidden />
      </span>
      <h1 className="text-2xl font-bold text-gray-900 dark:text-gray-100">{t('invitation.title')}</h1>
      {invitation.isPending && <p role="status">{t('invitation.loading')}</p>}
      {invitation.isError && (
        <>
          <p role="alert" className="text-gray-800 dark:text-gray-200">
            {t('invitation.notFound')}
          </p>
          <Link to={paths.home} className="text-sm font-medium text-indigo-700 underline dark:text-indigo-300">
            {t('invitation.home')}
          </Link>
        </>
      )}
      {invitation.data && (
        <>
          <p className="text-gray-800 dark:text-gray-200">
            {t('invitation.body', {
              inviter: invitation.data.inviter,
              space: invitation.data.spaceName,
              role: t(`members.roles.${invitation.data.role}`).toLowerCase(),
            })}
          </p>
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('invitation.forEmail', { email: invitation.data.email })}</p>
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
              {error}
            </p>
          )}
          {signedIn ? (
            <button
              type="button"
              disabled={accepting}
              onClick={() => void accept()}
              className="rounded-lg bg-indigo-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60"
            >
              {accepting ? t('invitation.accepting') : t('invitation.accept')}
            </button>
          ) : (
            <>
              <button
                type="button"
                onClick={signIn}
                className="rounded-lg bg-indigo-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-indigo-500"
              >
                {t('invitation.signIn')}
              </button>
              <p className="text-xs text-gray-600 dark:text-gray-400">
                {t('invitation.signInHint', { email: invitation.data.email })}
              </p>
            </>
          )}
        </>
      )}
    </main>
  );
}
