import { describe, expect, it } from 'vitest';
import {
  developerPlanIds,
  developerPlanLimits,
  developerPlanOf,
  developerPlans,
  planFeatureCards,
  planFeatureList,
  planIds,
  planOf,
  plans,
  plansWithFeature,
} from './plans';

describe('regular plan catalogue', () => {
  it('holds the prices and monthly messages of the spec', () => {
    expect(planIds.map((id) => [plans[id].priceText, plans[id].messagesPerMonth])).toEqual([
      ['$0', 100],
      ['$10', 500],
      ['$25', 1000],
      ['$50', 3000],
    ]);
  });

  it('gives a price id to every paid plan and none to free; only medium is popular', () => {
    expect(plans.free.priceId).toBeNull();
    expect([plans.small.priceId, plans.medium.priceId, plans.pro.priceId]).toEqual([
      'price_small_plan',
      'price_medium_plan',
      'price_pro_plan',
    ]);
    expect(planIds.filter((id) => plans[id].popular)).toEqual(['medium']);
  });

  it('lists features and restrictions without repeating a feature as a restriction', () => {
    for (const id of planIds) {
      expect(plans[id].features.length).toBeGreaterThan(0);
      for (const feature of plans[id].features) expect(plans[id].restrictions).not.toContain(feature);
    }
    expect(plans.free.restrictions).toContain('Sin dominio propio');
    expect(plans.small.restrictions).toContain('Sin rediseño desde URL');
    expect(plans.medium.restrictions).toEqual([]);
    expect(plans.pro.features).toContain('API personalizada');
  });

  it('builds the card list from the numbers: messages and history first', () => {
    expect(planFeatureList(plans.free).slice(0, 2)).toEqual(['100 mensajes al mes', 'Historial de 7 días']);
    expect(planFeatureList(plans.medium).slice(0, 2)).toEqual(['1.000 mensajes al mes', 'Historial ilimitado']);
    expect(planFeatureList(plans.pro).slice(0, 2)).toEqual(['3.000 mensajes al mes', 'Historial ilimitado']);
    expect(planFeatureList(plans.free)[2]).toBe('50 envíos de formularios al mes');
    expect(planFeatureList(plans.free)[3]).toBe('50 MB para tus imágenes');
    expect(planFeatureList(plans.pro)[3]).toBe('10 GB para tus imágenes');
    expect(planFeatureList(plans.pro)[2]).toBe('10.000 envíos de formularios al mes');
  });

  it('derives the feature cards: own domain and analytics on medium and Pro, custom API on Pro', () => {
    const byCard = Object.fromEntries(planFeatureCards.map((card) => [card.id, plansWithFeature(card).map((p) => p.id)]));
    expect(byCard).toEqual({
      customDomain: ['medium', 'pro'],
      customApi: ['pro'],
      viewAnalytics: ['medium', 'pro'],
      advancedSeo: ['medium', 'pro'],
    });
  });

  it('falls back to free for an unknown key', () => {
    expect(planOf('gold').id).toBe('free');
    expect(planOf(undefined).id).toBe('free');
    expect(planOf('pro').id).toBe('pro');
  });
});

describe('developer plan catalogue', () => {
  it('holds the prices, monthly requests and rates of the spec', () => {
    expect(
      developerPlanIds.map((id) => [
        developerPlans[id].priceText,
        developerPlans[id].requestsPerMonth,
        developerPlans[id].requestsPerMinute,
      ]),
    ).toEqual([
      ['$0', 1000, 10],
      ['$29', 10_000, 100],
      ['$99', 100_000, 1000],
      ['Personalizado', -1, -1],
    ]);
    expect(developerPlanIds.filter((id) => developerPlans[id].popular)).toEqual(['growth']);
  });

  it('formats the limits for the cards', () => {
    expect(developerPlanLimits(developerPlans.growth)).toEqual({ perMonth: '10.000 solicitudes/mes', perMinute: '100 req/min' });
    expect(developerPlanLimits(developerPlans.enterprise)).toEqual({
      perMonth: 'Solicitudes ilimitadas',
      perMinute: 'Límite personalizado',
    });
  });

  it('recognises the dev_basic and dev_unlimited aliases', () => {
    expect(developerPlanOf('dev_basic').id).toBe('starter');
    expect(developerPlanOf('dev_unlimited').id).toBe('enterprise');
    expect(developerPlanOf('scale').id).toBe('scale');
    expect(developerPlanOf(null).id).toBe('starter');
  });
});
