import { describe, expect, it } from 'vitest';
import { plans } from './plans';
import { readUpsell, upsellFor } from './upsell';

describe('upsellFor: the cheapest plan that unlocks what was refused', () => {
  it('offers the next allowance up, not the top plan', () => {
    expect(upsellFor('messages', 'free')?.plan).toBe('small');
    expect(upsellFor('messages', 'medium')?.plan).toBe('pro');
    expect(upsellFor('messages', 'pro')).toBeNull();
  });

  it('offers the first plan that carries the model tier', () => {
    expect(upsellFor('model', 'free', { tier: 'advanced' })).toEqual({ reason: 'model', plan: 'small', tier: 'advanced' });
    expect(upsellFor('model', 'small', { tier: 'premium' })?.plan).toBe('medium');
    expect(upsellFor('customModels', 'medium')?.plan).toBe('pro');
  });

  it('reads features from the same rules the server enforces', () => {
    expect(upsellFor('redesign', 'free')?.plan).toBe('medium');
    expect(upsellFor('redesign', 'small')?.plan).toBe('medium');
    expect(upsellFor('domain', 'free')?.plan).toBe('medium');
    expect(upsellFor('advancedSeo', 'medium')?.plan).toBe('pro');
    expect(upsellFor('collaboration', 'free')?.plan).toBe('medium');
    expect(upsellFor('editors', 'medium')?.plan).toBe('pro');
    expect(upsellFor('seats', 'medium')?.plan).toBe('pro');
    expect(upsellFor('seats', 'pro')).toBeNull();
  });

  it('an unknown plan counts as free and every offer costs more than the current plan', () => {
    expect(upsellFor('redesign', 'legacy')?.plan).toBe('medium');
    const offer = upsellFor('messages', 'small');
    expect(offer && plans[offer.plan].priceUsd).toBeGreaterThan(plans.small.priceUsd);
  });
});

describe('readUpsell', () => {
  it('keeps a well-formed upsell and refuses anything else', () => {
    expect(readUpsell({ reason: 'model', plan: 'small', tier: 'advanced' })).toEqual({
      reason: 'model',
      plan: 'small',
      tier: 'advanced',
    });
    expect(readUpsell({ reason: 'redesign', plan: 'gold' })).toBeNull();
    expect(readUpsell({ reason: 'everything', plan: 'pro' })).toBeNull();
    expect(readUpsell('pro')).toBeNull();
  });
});
