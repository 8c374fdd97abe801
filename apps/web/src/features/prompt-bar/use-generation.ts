import type { GenerateRequest, GenerationEvent, LineRange } from '@div/shared/generation';
import type { Upsell } from '@div/shared/upsell';
import { useCallback, useEffect, useRef, useState } from 'react';
import { streamGeneration } from './api';
import type { StreamView } from './streaming-view';

export type GenerationPhase = 'idle' | 'thinking' | 'coding' | 'applying' | 'stopping';

/** The preview and the active file's editor follow the stream at most this often. */
export const STREAM_THROTTLE_MS = 300;

export interface GenerationDone {
  versionId: string;
  updatedLines: Record<string, LineRange[]>;
  files: { path: string; content: string }[];
  messagesUsed: number;
  messagesLimit: number;
  /** What the local composer said it did. */
  said?: string;
  /** The part of the request the answer left undone (issue 39). */
  notDone?: string;
}

export type GenerationOutcome =
  | { kind: 'done'; done: GenerationDone }
  | { kind: 'stopped' }
  | {
      kind: 'error';
      message: string;
      code: string;
      openSelectProvider?: boolean;
      /** A plan refusal: why, and the cheapest plan that unlocks it (ADR 0185). */
      upsell?: Upsell;
      /** OUT_OF_SCOPE: what the answer reaches beyond the selected element, and its files (ADR 0201). */
      outside?: string[];
      proposal?: { path: string; content: string }[];
    }
  | { kind: 'failed'; error: unknown };

/**
 * The state machine of one generation: idle -> thinking -> coding -> done (or stopped, or an
 * error). Code deltas are gathered into a StreamView published at most every 300 ms.
 */
export function useGeneration(options: { onStream: (view: StreamView | null) => void; onBusyChange: (busy: boolean) => void }) {
  const [phase, setPhase] = useState<GenerationPhase>('idle');
  const [thinking, setThinking] = useState('');
  const controller = useRef<AbortController | null>(null);
  const callbacks = useRef(options);
  callbacks.current = options;

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (body: GenerateRequest, base: { path: string; content: string }[]): Promise<GenerationOutcome> => {
      const abort = new AbortController();
      controller.current = abort;
      setPhase('thinking');
      setThinking('');
      callbacks.current.onBusyChange(true);
      const files: Record<string, string> = {};
      for (const file of base) files[file.path] = file.content;
      const started = new Set<string>();
      let writing: string | null = null;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let lastFlush = 0;
      let streamed = false;
      const flush = () => {
        timer = undefined;
        lastFlush = Date.now();
        callbacks.current.onStream({ files: { ...files }, writing });
      };
      const schedule = () => {
        if (timer) return;
        const wait = Math.max(0, STREAM_THROTTLE_MS - (Date.now() - lastFlush));
        timer = setTimeout(flush, wait);
      };
      let changed: { path: string; content: string }[] = [];
      let updatedLines: Record<string, LineRange[]> = {};
      let outcome: GenerationOutcome | null = null;
      const onEvent = (event: GenerationEvent) => {
        switch (event.type) {
          case 'thinking':
            setThinking((text) => text + event.text);
            break;
          case 'code':
            if (!started.has(event.path)) {
              started.add(event.path);
              files[event.path] = '';
            }
            files[event.path] += event.delta;
            writing = event.path;
            if (!streamed) {
              streamed = true;
              setPhase('coding');
            }
            schedule();
            break;
          case 'edited':
            // A follow-up edit block landed: the preview shows the file with it (whole, not a delta).
            files[event.path] = event.content;
            writing = event.path;
            if (!streamed) {
              streamed = true;
              setPhase('coding');
            }
            schedule();
            break;
          case 'reverted':
            // The server refused what streamed so far (all or nothing): back to the files as they were.
            for (const path of Object.keys(files)) delete files[path];
            for (const file of base) files[file.path] = file.content;
            started.clear();
            writing = null;
            schedule();
            break;
          case 'files':
            changed = event.files;
            updatedLines = event.updatedLines;
            setPhase('applying');
            break;
          case 'done':
            outcome = {
              kind: 'done',
              done: {
                versionId: event.versionId,
                updatedLines,
                files: changed,
                messagesUsed: event.messagesUsed,
                messagesLimit: event.messagesLimit,
                ...(event.said ? { said: event.said } : {}),
                ...(event.notDone ? { notDone: event.notDone } : {}),
              },
            };
            break;
          case 'error':
            outcome = {
              kind: 'error',
              message: event.message,
              code: event.code,
              ...(event.openSelectProvider ? { openSelectProvider: true } : {}),
              ...(event.upsell ? { upsell: event.upsell } : {}),
              ...(event.outside ? { outside: event.outside } : {}),
              ...(event.proposal ? { proposal: event.proposal } : {}),
            };
            break;
          default:
            break;
        }
      };
      try {
        await streamGeneration(body, { signal: abort.signal, onEvent });
        if (!outcome) outcome = abort.signal.aborted ? { kind: 'stopped' } : { kind: 'failed', error: new Error('stream ended') };
      } catch (error) {
        outcome = abort.signal.aborted ? { kind: 'stopped' } : { kind: 'failed', error };
      } finally {
        if (timer) clearTimeout(timer);
        controller.current = null;
        setPhase('idle');
        callbacks.current.onBusyChange(false);
      }
      const final = outcome as GenerationOutcome;
      if (final.kind !== 'done') {
        // Nothing of a failed or stopped attempt stays on screen: not its half-streamed code, not its plan.
        callbacks.current.onStream(null);
        setThinking('');
      }
      return final;
    },
    [],
  );

  const stop = useCallback(() => {
    if (!controller.current) return;
    setPhase('stopping');
    controller.current.abort();
  }, []);

  return { phase, thinking, busy: phase !== 'idle', run, stop };
}
