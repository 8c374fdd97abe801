import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { clearSession, getSession, rememberReturnTo } from '../../lib/session';
import { toast } from '../../lib/toast';
import { remix } from './api';
import './locale';

/**
 * Remixes a space into a new one of the signed-in person and opens it. Signed out, the person signs
 * in first and comes back to where they were.
 */
export function useRemixAction() {
  const { t } = useTranslation('collaboration');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const signIn = () => {
    clearSession();
    rememberReturnTo(`${window.location.pathname}${window.location.search}`);
    navigate(paths.login);
  };
  const run = async (spaceId: string, options: { versionId?: string; replace?: boolean } = {}) => {
    if (!getSession()) return signIn();
    setBusy(true);
    try {
      const space = await remix(spaceId, options.versionId);
      toast.success(t('remix.done'));
      navigate(paths.space(space.id), { replace: options.replace ?? false });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return signIn();
      toast.error(t('remix.failed'), { description: error instanceof ApiError ? error.message : undefined });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run, signIn };
}
