import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { getRemix } from './api/get-remix';
import type { FileSession } from './files/use-file-session';
import { whenToasterReady } from './when-toaster-ready';

/** ?remix={id}: loads that site's HTML into index.html, saves it, and drops the parameter. */
export function useRemix({ session, onUnauthorized }: { session: FileSession; onUnauthorized: () => void }) {
  const { t } = useTranslation('editor');
  const [params, setParams] = useSearchParams();
  const remixId = params.get('remix');
  const started = useRef(false);
  const ready = session.files.length > 0;
  const sessionRef = useRef(session);
  sessionRef.current = session;

  useEffect(() => {
    if (!remixId || !ready || started.current) return;
    started.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('remix');
        return next;
      },
      { replace: true },
    );
    void (async () => {
      try {
        const { html } = await getRemix(remixId);
        const saved = await sessionRef.current.put('index.html', html);
        whenToasterReady(() => (saved ? toast.success(t('remix.loaded')) : toast.error(t('remix.failed'))));
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return onUnauthorized();
        whenToasterReady(() => toast.error(t('remix.failed')));
      }
    })();
  }, [remixId, ready, setParams, t, onUnauthorized]);
}
