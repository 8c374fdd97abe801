import { useEffect, useState, useSyncExternalStore } from 'react';
import { getSession } from '../../lib/session';
import type { LiveSnapshot, LiveSpace } from '../collaboration/live/live-space';

/*
 * The editor's slot for editing together (features/collaboration/live, ADR 0213). The shared
 * document's code (Yjs, the protocols, the CodeMirror binding) loads only for spaces with members,
 * after the editor is up; a space nobody else can open keeps the plain autosave.
 */

const idle: LiveSnapshot = { status: 'connecting', ready: false, files: [], peers: [], unsaved: false };
const noop = () => () => {};

export function useLiveSpace(spaceId: string, enabled: boolean): { live: LiveSpace | null; snapshot: LiveSnapshot } {
  const [live, setLive] = useState<LiveSpace | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let created: LiveSpace | null = null;
    void import('../collaboration/live/live-space').then(({ LiveSpace }) => {
      if (cancelled) return;
      const user = getSession()?.user ?? { name: '', picture: null };
      created = new LiveSpace(spaceId, () => getSession()?.token ?? null, user);
      setLive(created);
    });
    return () => {
      cancelled = true;
      created?.destroy();
      setLive(null);
    };
  }, [spaceId, enabled]);
  const snapshot = useSyncExternalStore(live?.subscribe ?? noop, live?.getSnapshot ?? (() => idle));
  return { live, snapshot };
}
