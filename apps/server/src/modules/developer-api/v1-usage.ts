import { v1UsageResponseSchema } from '@div/shared/developer-api';
import { developerPlanOf } from '@div/shared/plans';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findUsage } from '../usage/service';
import { type MonthlyQuota, periodResetOf } from './quota';
import type { V1Routes } from './v1';

/** GET /v1/usage: the account's usage and the key's API quota. */
export function registerV1UsageRoutes(v1: FastifyInstance, { ctx, stateOf, errors }: V1Routes, quota: MonthlyQuota) {
  const api = v1.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/usage',
    {
      config: { feature: 'api.usage' },
      schema: {
        summary: 'Uso de la cuenta de la clave y cuota de la API',
        description:
          'Cada llamada es una acción (`actions`, `apiCalls`); una generación o un cambio por la API es una sola acción y gasta un mensaje, que aparece en el historial. Un cambio que el compositor rechaza sin cobrar no cuenta ni como acción ni como fallo.',
        tags: ['Usage'],
        response: { 200: v1UsageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { owner } = stateOf(request);
      const now = new Date();
      const plan = developerPlanOf(owner.developerPlan);
      const [usage, requestsUsed] = await Promise.all([
        findUsage({ db: ctx.db, userId: owner.userId, now }),
        quota.used({ userId: owner.userId, plan: plan.id, now }),
      ]);
      return {
        ...usage,
        api: {
          developerPlan: plan.id,
          requestsPerMonth: plan.requestsPerMonth,
          requestsPerMinute: plan.requestsPerMinute,
          requestsUsed,
          resetDate: periodResetOf(now).toISOString(),
        },
      };
    },
  );
}
