import { useEffect, useRef, useState } from 'react';
import type { StreamView } from '../prompt-bar/streaming-view';

/** Longest the half-written site stays on top once the files are in, if the live preview never reports them loaded. */
const STREAM_HANDOFF_MAX_MS = 3000;

/**
 * While the AI writes code: the files as they stream (the preview and the active editor follow them).
 * New files from the server (`detail` changes) end the streaming view once the live preview has
 * loaded them (`loaded`): until then the half-written site stays on top, so there is no blank frame
 * between the two (issue 22).
 */
export function useStreamView(detail: unknown) {
  const [stream, setStream] = useState<StreamView | null>(null);
  const endStream = useRef<(() => void) | null>(null);
  const streamRef = useRef(stream);
  streamRef.current = stream;
  // biome-ignore lint/correctness/useExhaustiveDependencies: new files from the server end the streaming view
  useEffect(() => {
    const ending = streamRef.current;
    if (!ending) {
      endStream.current = null;
      return;
    }
    // Only the view that was streaming when the files came ends (not one a new generation started).
    const end = () => {
      clearTimeout(timer);
      endStream.current = null;
      setStream((current) => (current === ending ? null : current));
    };
    const timer = setTimeout(end, STREAM_HANDOFF_MAX_MS);
    endStream.current = end;
    return () => clearTimeout(timer);
  }, [detail]);
  return { stream, setStream, loaded: () => endStream.current?.() };
}
