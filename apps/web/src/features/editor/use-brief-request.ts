import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useEditorStore } from './editor-store';

/**
 * A project started from the brief box on /spaces carries its brief in the router's state (issue 43).
 * It becomes the prompt bar's request, the one way in for a prompt not typed there (issue 42), and
 * the state is cleared at once, so a reload never sends it twice.
 */
export function useBriefRequest() {
  const location = useLocation();
  const navigate = useNavigate();
  const store = useEditorStore();
  const brief = (location.state as { brief?: unknown } | null)?.brief;
  useEffect(() => {
    if (typeof brief !== 'string' || brief.trim() === '') return;
    store.set((state) => ({ promptRequest: { text: brief, nonce: (state.promptRequest?.nonce ?? 0) + 1 } }));
    navigate(location.pathname, { replace: true, state: null });
  }, [brief, store, navigate, location.pathname]);
}
