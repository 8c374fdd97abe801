/**
 * Regular plans (spec sections 3, 6, 9). -1 means unlimited. Plain data without zod, so the public
 * pages that show it stay light; a contract that needs a schema builds it with z.enum(planIds).
 */
export const planIds = ['free', 'small', 'medium', 'pro'] as const;
export type PlanId = (typeof planIds)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Monthly price in US dollars. */
  priceUsd: number;
  priceText: string;
  messagesPerMonth: number;
  /** Form submissions of the owner's published sites readable per month (issue 23, ADR 0194); the rest are kept locked. */
  formSubmissionsPerMonth: number;
  /** Storage for the owner's uploaded images across their spaces, originals and variants (issue 24, ADR 0203). */
  imageStorageMb: number;
  /** Default Stripe price id; the server may override it by configuration. Free has none. */
  priceId: string | null;
  popular: boolean;
  /** Days of version history kept; null is unlimited. */
  historyDays: number | null;
  /** One-line pitch shown under the plan name. */
  description: string;
  /** What the plan includes (spec section 6), in interface language. */
  features: string[];
  /** What the plan lacks (spec section 6). */
  restrictions: string[];
}

export const plans: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Gratis',
    priceUsd: 0,
    priceText: '$0',
    messagesPerMonth: 100,
    formSubmissionsPerMonth: 50,
    imageStorageMb: 50,
    priceId: null,
    popular: false,
    historyDays: 7,
    description: 'Para probar DIV y crear tus primeros sitios.',
    features: ['Modelos básicos', 'Soporte por email', 'Exportación limitada'],
    restrictions: [
      'Sin modelos avanzados',
      'Sin rediseño desde URL',
      'Sin colaboración',
      'Sin dominio propio',
      'Sin analíticas de visitas',
      'Sin edición de SEO',
    ],
  },
  small: {
    id: 'small',
    name: 'Pequeño',
    priceUsd: 10,
    priceText: '$10',
    messagesPerMonth: 500,
    formSubmissionsPerMonth: 500,
    imageStorageMb: 500,
    priceId: 'price_small_plan',
    popular: false,
    historyDays: 30,
    description: 'Para creadores que publican con frecuencia.',
    features: ['Modelos avanzados', 'Soporte prioritario', 'Exportación completa', 'Analíticas básicas', 'Funciones beta'],
    restrictions: [
      'Sin rediseño desde URL',
      'Sin colaboración en equipo',
      'Sin dominio propio',
      'Sin analíticas de visitas',
      'Sin SEO',
    ],
  },
  medium: {
    id: 'medium',
    name: 'Mediano',
    priceUsd: 25,
    priceText: '$25',
    messagesPerMonth: 1000,
    formSubmissionsPerMonth: 2500,
    imageStorageMb: 2000,
    priceId: 'price_medium_plan',
    popular: true,
    historyDays: null,
    description: 'Para profesionales y pequeños negocios.',
    features: [
      'Todos los modelos',
      'Soporte 24/7',
      'Exportación avanzada',
      'Rediseño desde URL',
      'Plantillas premium',
      'Dominio propio',
      'Analíticas de visitas',
      'Modificación de SEO',
      'Acceso beta y alfa',
    ],
    restrictions: [],
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    priceUsd: 50,
    priceText: '$50',
    messagesPerMonth: 3000,
    formSubmissionsPerMonth: 10_000,
    imageStorageMb: 10_000,
    priceId: 'price_pro_plan',
    popular: false,
    historyDays: null,
    description: 'Para equipos y agencias que lo quieren todo.',
    features: [
      'Modelos ilimitados',
      'Soporte dedicado',
      'Exportación empresarial',
      'Analíticas avanzadas con IA',
      'Rediseño desde URL',
      'API personalizada',
      'Colaboración en equipo',
      'Integraciones avanzadas',
      'Modelos personalizados',
      'Dominio propio',
      'Analíticas de visitas completas',
      'SEO avanzado',
      'Acceso beta y alfa completo',
    ],
    restrictions: [],
  },
};

/** Formats a count the Spanish way (1.000, 10.000), or in another locale's way when given. */
export function formatCount(value: number, locale = 'es-ES'): string {
  return new Intl.NumberFormat(locale, { useGrouping: 'always' } as Intl.NumberFormatOptions).format(value);
}

/** Megabytes as a person reads them: 50 MB, 2 GB, 10 GB. */
export function formatStorage(mb: number): string {
  return mb >= 1000 && mb % 1000 === 0 ? `${formatCount(mb / 1000)} GB` : `${formatCount(mb)} MB`;
}

/** The full list a plan card shows: the metered facts first (read from the numbers), then the features. */
export function planFeatureList(plan: Plan): string[] {
  const history = plan.historyDays === null ? 'Historial ilimitado' : `Historial de ${plan.historyDays} días`;
  const messages = plan.messagesPerMonth === -1 ? 'Mensajes ilimitados' : `${formatCount(plan.messagesPerMonth)} mensajes al mes`;
  const forms = `${formatCount(plan.formSubmissionsPerMonth)} envíos de formularios al mes`;
  return [messages, history, forms, `${formatStorage(plan.imageStorageMb)} para tus imágenes`, ...plan.features];
}

/**
 * Feature cards under the pricing grid (spec section 2). Which plans carry each is read from the
 * plans' feature lists, so the fact lives only there.
 */
export interface PlanFeatureCard {
  id: 'customDomain' | 'customApi' | 'viewAnalytics' | 'advancedSeo';
  title: string;
  description: string;
  /** Feature names (as in `Plan.features`) that grant this card. */
  grantedBy: string[];
}

export const planFeatureCards: PlanFeatureCard[] = [
  {
    id: 'customDomain',
    title: 'Dominio propio',
    description: 'Publica tu sitio en tu propio dominio con HTTPS incluido.',
    grantedBy: ['Dominio propio'],
  },
  {
    id: 'customApi',
    title: 'API personalizada',
    description: 'Conecta tus sitios con tus sistemas mediante una API a medida.',
    grantedBy: ['API personalizada'],
  },
  {
    id: 'viewAnalytics',
    title: 'Analíticas de visitas',
    description: 'Descubre cuántas personas visitan tus páginas y de dónde llegan.',
    grantedBy: ['Analíticas de visitas', 'Analíticas de visitas completas'],
  },
  {
    id: 'advancedSeo',
    title: 'SEO avanzado',
    description: 'Edita títulos, descripciones y metadatos para posicionar mejor.',
    grantedBy: ['Modificación de SEO', 'SEO avanzado'],
  },
];

/** The plans (in catalogue order) whose features grant a feature card. */
export function plansWithFeature(card: PlanFeatureCard): Plan[] {
  return planIds.map((id) => plans[id]).filter((plan) => plan.features.some((f) => card.grantedBy.includes(f)));
}

/** An unknown plan key falls back to free (spec: usage page). */
export function planOf(id: string | null | undefined): Plan {
  return plans[(planIds as readonly string[]).includes(id ?? '') ? (id as PlanId) : 'free'];
}

/** Developer plans (spec section 9). Requests per month and per minute; -1 means unlimited. */
export const developerPlanIds = ['starter', 'growth', 'scale', 'enterprise'] as const;
export type DeveloperPlanId = (typeof developerPlanIds)[number];

export interface DeveloperPlan {
  id: DeveloperPlanId;
  name: string;
  /** Monthly price in US dollars; null is a custom price (enterprise). */
  priceUsd: number | null;
  priceText: string;
  requestsPerMonth: number;
  requestsPerMinute: number;
  priceId: string | null;
  popular: boolean;
  description: string;
  /** What the plan includes besides its request limits. */
  features: string[];
}

export const developerPlans: Record<DeveloperPlanId, DeveloperPlan> = {
  starter: {
    id: 'starter',
    name: 'Starter',
    priceUsd: 0,
    priceText: '$0',
    requestsPerMonth: 1000,
    requestsPerMinute: 10,
    priceId: null,
    popular: false,
    description: 'Para probar la API y prototipos.',
    features: ['API REST y SDK', 'Soporte de la comunidad', 'Un API key'],
  },
  growth: {
    id: 'growth',
    name: 'Growth',
    priceUsd: 29,
    priceText: '$29',
    requestsPerMonth: 10_000,
    requestsPerMinute: 100,
    priceId: 'price_dev_growth',
    popular: true,
    description: 'Para productos en crecimiento.',
    features: ['API REST y SDK', 'Soporte por email', 'Hasta 5 API keys', 'Métricas de uso'],
  },
  scale: {
    id: 'scale',
    name: 'Scale',
    priceUsd: 99,
    priceText: '$99',
    requestsPerMonth: 100_000,
    requestsPerMinute: 1000,
    priceId: 'price_dev_scale',
    popular: false,
    description: 'Para aplicaciones en producción.',
    features: ['API REST y SDK', 'Soporte prioritario', 'API keys ilimitadas', 'Métricas avanzadas', 'Webhooks'],
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    priceUsd: null,
    priceText: 'Personalizado',
    requestsPerMonth: -1,
    requestsPerMinute: -1,
    priceId: null,
    popular: false,
    description: 'Para volúmenes a medida.',
    features: ['Límites a medida', 'Soporte dedicado y SLA', 'Despliegue y modelos personalizados', 'Facturación anual'],
  },
};

/** The usage page also recognises these keys (spec section 3). */
export const developerPlanAliases: Record<string, DeveloperPlanId> = { dev_basic: 'starter', dev_unlimited: 'enterprise' };

export function developerPlanOf(id: string | null | undefined): DeveloperPlan {
  const key = id ?? '';
  if ((developerPlanIds as readonly string[]).includes(key)) return developerPlans[key as DeveloperPlanId];
  return developerPlans[developerPlanAliases[key] ?? 'starter'];
}

/** The request limits a developer card shows, read from the numbers. */
export function developerPlanLimits(plan: DeveloperPlan): { perMonth: string; perMinute: string } {
  return {
    perMonth: plan.requestsPerMonth === -1 ? 'Solicitudes ilimitadas' : `${formatCount(plan.requestsPerMonth)} solicitudes/mes`,
    perMinute: plan.requestsPerMinute === -1 ? 'Límite personalizado' : `${formatCount(plan.requestsPerMinute)} req/min`,
  };
}
