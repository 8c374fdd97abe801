import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { remixSpace } from './api/remix-space';
import { whenToasterReady } from './when-toaster-ready';

/**
 * ?remix={id} (spec section 4): remixes that space — every file, into a new space of the signed-in
 * person (ADR 0210) — and opens the remix; the parameter leaves the address either way.
 */
export function useRemix({ onUnauthorized }: { onUnauthorized: () => void }) {
  const { t } = useTranslation('editor');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const remixId = params.get('remix');
  const started = useRef(false);

  useEffect(() => {
    if (!remixId || started.current) return;
    started.current = true;
    void (async () => {
      try {
        const space = await remixSpace(remixId);
        whenToasterReady(() => toast.success(t('remix.loaded')));
        navigate(paths.space(space.id), { replace: true });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return onUnauthorized();
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('remix');
            return next;
          },
          { replace: true },
        );
        whenToasterReady(() => toast.error(t('remix.failed')));
      }
    })();
  }, [remixId, setParams, navigate, t, onUnauthorized]);
}
