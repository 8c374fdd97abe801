import type { V1Error, V1GenerationResult } from '@div/shared/developer-api';
import { type ErrorCode, errorStatus } from '@div/shared/errors';
import type { EditBlockResult, GeneratedFile, GenerationEvent } from '@div/shared/generation';
import type { FastifyRequest } from 'fastify';

/** `?stream=false`, or an Accept header that asks for JSON and not for NDJSON. */
export function wantsJson(request: FastifyRequest): boolean {
  const query = request.query as { stream?: string } | undefined;
  if (query?.stream === 'false') return true;
  if (query?.stream === 'true') return false;
  const accept = String(request.headers.accept ?? '');
  return accept.includes('application/json') && !accept.includes('ndjson');
}

/**
 * Reads a generation's event stream to its end and folds it into the single JSON answer: the `files`,
 * `edits` and `done` events on success; the `error` event as an error answer with its status.
 */
export async function foldGenerationStream(
  stream: NodeJS.ReadableStream,
  spaceId: string,
): Promise<{ status: number; body: V1GenerationResult | V1Error }> {
  let text = '';
  for await (const chunk of stream as AsyncIterable<Buffer | string>)
    text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  let files: GeneratedFile[] = [];
  let updatedLines: Record<string, [number, number][]> = {};
  let edits: EditBlockResult[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const event = JSON.parse(line) as GenerationEvent;
    if (event.type === 'files') {
      files = event.files;
      updatedLines = event.updatedLines;
    } else if (event.type === 'edits') edits = event.results;
    else if (event.type === 'error') {
      const { type: _type, ...error } = event;
      const status = event.code in errorStatus ? errorStatus[event.code as ErrorCode] : 422;
      return { status, body: error };
    } else if (event.type === 'done') {
      return {
        status: 200,
        body: {
          spaceId,
          versionId: event.versionId,
          files,
          updatedLines,
          edits,
          messagesUsed: event.messagesUsed,
          messagesLimit: event.messagesLimit,
          ...(event.notDone ? { notDone: event.notDone } : {}),
        },
      };
    }
  }
  return { status: 499, body: { message: 'La generación se detuvo antes de terminar.', code: 'ABORTED' } };
}
