import type { FixErrorResponse, GenerateRequest, GenerationEvent, RedesignResponse } from '@div/shared/generation';
import type { ModelsResponse } from '@div/shared/models';
import { readNdjson } from '@div/shared/ndjson';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import { clearSession, getSession } from '../../lib/session';

/** GET /api/ai/models: the models and providers this server offers. */
export function useModels() {
  return useQuery({
    queryKey: ['ai', 'models'],
    queryFn: () => api<ModelsResponse>('/api/ai/models'),
    staleTime: 5 * 60_000,
  });
}

/**
 * POST /api/ask-ai/generate-separate-files: calls `onEvent` for every streamed event. An answer
 * that is not a stream (an error before it started) throws ApiError with the body's flags.
 */
export async function streamGeneration(
  body: GenerateRequest,
  options: { signal: AbortSignal; onEvent: (event: GenerationEvent) => void },
): Promise<void> {
  const token = getSession()?.token;
  // The events' schema (and zod) load with the first generation, not with the editor (ADR 0064).
  const contract = import('@div/shared/generation');
  contract.catch(() => {});
  const response = await fetch('/api/ask-ai/generate-separate-files', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: options.signal,
  });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes('ndjson') || !response.body) {
    let data: Record<string, unknown> = {};
    try {
      data = (await response.json()) as Record<string, unknown>;
    } catch {
      data = {};
    }
    if (response.status === 401 && token) clearSession();
    const message = typeof data.message === 'string' ? data.message : response.statusText;
    throw new ApiError(response.status, message, typeof data.code === 'string' ? data.code : 'UNKNOWN', data);
  }
  const { generationEventSchema } = await contract;
  for await (const value of readNdjson(response.body)) {
    const parsed = generationEventSchema.safeParse(value);
    if (parsed.success) options.onEvent(parsed.data);
  }
}

/** POST /api/ask-ai/stop: stops the space's generation on whichever server runs it. */
export function stopGeneration(spaceId: string) {
  return api<{ stopped: boolean }>('/api/ask-ai/stop', { method: 'POST', body: { spaceId } });
}

export function fixError(body: { html: string; error: string; model?: string; provider?: string }) {
  return api<FixErrorResponse>('/api/fix-error', { method: 'POST', body });
}

export function fetchRedesign(url: string) {
  return api<RedesignResponse>('/api/re-design', { method: 'POST', body: { url } });
}
