import {
  v1EditBodySchema,
  v1ErrorSchema,
  v1GenerateBodySchema,
  v1GenerationResultSchema,
  v1StreamQuerySchema,
} from '@div/shared/developer-api';
import { MAX_HTML_CHARS, MAX_REDESIGN_MARKDOWN_CHARS } from '@div/shared/generation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { idParams } from '../../lib/params';
import type { aiProvidersFor } from '../../providers/ai';
import type { GenerationRegistry } from '../generation/registry';
import { runGenerationRequest } from '../generation/run';
import { createSpace } from '../spaces/create';
import { findSpace } from '../spaces/service';
import { foldGenerationStream, wantsJson } from './generation-answer';
import type { V1Routes } from './v1';

const GENERATE_BODY_LIMIT = (MAX_HTML_CHARS + MAX_REDESIGN_MARKDOWN_CHARS) * 4 + 256 * 1024;
const spaceIdHeader = 'x-space-id';

/** POST /v1/generate and /v1/spaces/:id/edit: a generation, as NDJSON events or one JSON answer. */
export function registerV1GenerationRoutes(
  v1: FastifyInstance,
  { ctx, stateOf, errors }: V1Routes,
  { ai, registry }: { ai: ReturnType<typeof aiProvidersFor>; registry: GenerationRegistry },
) {
  const api = v1.withTypeProvider<ZodTypeProvider>();

  const generate = async (
    request: FastifyRequest,
    reply: FastifyReply,
    spaceId: string,
    body: z.infer<typeof v1EditBodySchema>,
  ) => {
    const state = stateOf(request);
    reply.header(spaceIdHeader, spaceId);
    return runGenerationRequest({
      ctx,
      ai,
      registry,
      user: { id: state.owner.userId, plan: state.owner.plan },
      body: { ...body, spaceId },
      reply,
      apiCall: {
        feature: request.routeOptions.config?.feature ?? 'api.generate',
        accounted: () => {
          state.accounted = true;
        },
      },
    });
  };
  /** In JSON mode the event stream is read to its end and answered as one object (or the error). */
  const onSendGeneration = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!wantsJson(request) || reply.statusCode !== 200 || !isReadable(payload)) return payload;
    const spaceId = String(reply.getHeader(spaceIdHeader) ?? '');
    const folded = await foldGenerationStream(payload, spaceId);
    reply.status(folded.status).header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(folded.body);
  };
  const generationResponses = { 200: v1GenerationResultSchema, ...errors, 402: v1ErrorSchema, 409: v1ErrorSchema };

  api.post(
    '/generate',
    {
      bodyLimit: GENERATE_BODY_LIMIT,
      config: { feature: 'api.generate' },
      schema: {
        summary: 'Genera un sitio desde un prompt',
        description:
          'Genera en `spaceId`, o en un proyecto nuevo (llamado `name`, o como el prompt) cuyo id llega en la cabecera `X-Space-Id`. Responde eventos NDJSON (los mismos tipos que el editor); con `?stream=false` o `Accept: application/json`, un único objeto JSON al terminar.',
        tags: ['Generation'],
        body: v1GenerateBodySchema,
        querystring: v1StreamQuerySchema,
        response: generationResponses,
      },
      onSend: onSendGeneration,
    },
    async (request, reply) => {
      const { owner } = stateOf(request);
      const { spaceId: given, name, ...body } = request.body;
      const spaceId = given
        ? (await findSpace({ db: ctx.db, userId: owner.userId, spaceId: given })).id
        : (await createSpace({ db: ctx.db, userId: owner.userId, name: name ?? nameFromPrompt(body.prompt) })).id;
      return generate(request, reply, spaceId, body);
    },
  );

  api.post(
    '/spaces/:id/edit',
    {
      bodyLimit: GENERATE_BODY_LIMIT,
      config: { feature: 'api.edit' },
      schema: {
        summary: 'Aplica un cambio de seguimiento al sitio de un proyecto',
        description: 'La misma respuesta que POST /v1/generate (eventos o JSON).',
        tags: ['Generation'],
        params: idParams,
        body: v1EditBodySchema,
        querystring: v1StreamQuerySchema,
        response: generationResponses,
      },
      onSend: onSendGeneration,
    },
    async (request, reply) => {
      const { owner } = stateOf(request);
      const space = await findSpace({ db: ctx.db, userId: owner.userId, spaceId: request.params.id });
      return generate(request, reply, space.id, request.body);
    },
  );
}

/** A new space's name: the prompt's first line, shortened. */
function nameFromPrompt(prompt: string): string {
  const line = prompt.split('\n')[0]?.trim() ?? '';
  return (line.length > 60 ? `${line.slice(0, 57)}…` : line) || 'Sitio generado por API';
}

function isReadable(payload: unknown): payload is NodeJS.ReadableStream {
  return typeof payload === 'object' && payload !== null && typeof (payload as { pipe?: unknown }).pipe === 'function';
}
