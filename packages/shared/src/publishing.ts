import { z } from 'zod';
import { fileInputSchema } from './spaces';

export { ADVANCED_PLANS, hasAdvancedFeatures, hasPublishingFeatures, PUBLISHING_PLANS } from './plan-access';

/** Messages (spec section 8 keeps the deploy ones in English, verbatim). */
export const PUBLISHING_MESSAGES = {
  deployed: 'Deployment successful',
  deployFailed: 'Deployment failed',
  noContent: 'Deploy requires content',
  slugInvalid:
    'El subdominio solo puede tener letras, números y guiones (3 a 63 caracteres, sin guion al principio ni al final).',
  slugReserved: 'Ese subdominio está reservado. Elige otro.',
  slugTaken: 'Ese subdominio ya está en uso. Elige otro.',
  domainRequired: 'El dominio no puede estar vacío.',
  domainInvalid: 'Escribe un dominio válido, por ejemplo www.midominio.com.',
  /** The account's own second registration of a hostname (never about another account's). */
  domainTaken: 'Ya has añadido ese dominio.',
  /**
   * The records are right but the hostname is verified elsewhere in DIV: says nothing about who
   * (ADR 0156).
   */
  domainUnavailable:
    'No se pudo verificar este dominio en tu cuenta. Si el dominio es tuyo, escríbenos a soporte y lo revisaremos.',
  domainOwnSites: 'Ese dominio pertenece a DIV; usa el subdominio de tu sitio.',
  planRequired: 'Los dominios propios, el SEO y las analíticas de visitas están disponibles en los planes Mediano y Pro.',
  advancedRequired: 'El SEO avanzado (URL canónica y datos estructurados) está disponible en el plan Pro.',
  deploymentNotFound: 'Despliegue no encontrado',
  domainNotFound: 'Dominio no encontrado',
} as const;

export const SLUG_MIN = 3;
export const SLUG_MAX = 63;
/** Names that are never a site's subdomain: the product's own hosts and common service names. */
export const RESERVED_SLUGS = new Set([
  'www',
  'api',
  'app',
  'admin',
  'administrator',
  'mail',
  'email',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'ns',
  'ns1',
  'ns2',
  'dns',
  'mx',
  'div',
  'static',
  'assets',
  'cdn',
  'media',
  'files',
  'dashboard',
  'status',
  'support',
  'help',
  'docs',
  'blog',
  'auth',
  'login',
  'account',
  'billing',
  'settings',
  'root',
  'localhost',
  'sites',
  'test',
  'dev',
  'staging',
]);
const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Why a slug is refused, or undefined when it is acceptable. */
export function slugProblem(slug: string): 'invalid' | 'reserved' | undefined {
  if (slug.length < SLUG_MIN || slug.length > SLUG_MAX || !SLUG_RE.test(slug) || slug.includes('--')) return 'invalid';
  if (RESERVED_SLUGS.has(slug)) return 'reserved';
  return undefined;
}

/** A slug made from a space name: accents dropped, lower case, runs of other characters become one hyphen. */
export function slugFromName(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX - 5)
    .replace(/-+$/g, '');
  if (slugProblem(base) === undefined) return base;
  return base.length >= 1 && RESERVED_SLUGS.has(base) ? `${base}-sitio` : `sitio-${base}`.replace(/-+$/, '').slice(0, SLUG_MAX);
}

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A hostname in canonical form (lower case, no trailing dot), or undefined when it is not a valid public hostname. */
export function normalizeHostname(input: string): string | undefined {
  const host = input.trim().toLowerCase().replace(/\.$/, '');
  if (!host || host.length > 253) return undefined;
  const labels = host.split('.');
  if (labels.length < 2) return undefined;
  if (!labels.every((l) => HOST_LABEL.test(l))) return undefined;
  const tld = labels[labels.length - 1] ?? '';
  if (!/^[a-z]{2,63}$/.test(tld) && !/^xn--[a-z0-9-]+$/.test(tld)) return undefined;
  return host;
}

// ---- Deploy ----

export const deployBodySchema = z.object({
  spaceId: z.string().min(1).max(100),
  /** A whole document to publish instead of the space's current files. */
  html: z.string().optional(),
  /** Files to publish instead of the space's current files. */
  files: z.array(fileInputSchema).max(100).optional(),
});
export type DeployBody = z.infer<typeof deployBodySchema>;

export const deployResponseSchema = z.object({
  url: z.string(),
  deploymentId: z.string(),
  message: z.string(),
});
export type DeployResponse = z.infer<typeof deployResponseSchema>;

export const deploymentSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  sourceRevision: z.number().int().nullable(),
  fileCount: z.number().int(),
  totalBytes: z.number().int(),
  live: z.boolean(),
});
export type Deployment = z.infer<typeof deploymentSchema>;
export const listDeploymentsResponseSchema = z.object({ deployments: z.array(deploymentSchema) });
export type ListDeploymentsResponse = z.infer<typeof listDeploymentsResponseSchema>;

// ---- Sites (subdomains) ----

export const siteSchema = z.object({
  spaceId: z.string(),
  spaceName: z.string(),
  slug: z.string(),
  /** `{slug}.{SITES_DOMAIN}` */
  address: z.string(),
  url: z.string(),
  liveDeploymentId: z.string().nullable(),
  deployedAt: z.string().nullable(),
  /** When the space was last edited: the settings picker tells same-named projects apart by it (ADR 0187). */
  editedAt: z.string(),
});
export type Site = z.infer<typeof siteSchema>;
export const listSitesResponseSchema = z.object({
  sites: z.array(siteSchema),
  sitesDomain: z.string(),
  serverIp: z.string(),
  plan: z.string(),
});
export type ListSitesResponse = z.infer<typeof listSitesResponseSchema>;

export const renameSlugBodySchema = z.object({ slug: z.string().max(200) });
export const siteResponseSchema = z.object({ site: siteSchema });

// ---- Custom domains ----

export const domainStatuses = ['pending', 'active', 'error'] as const;
export type DomainStatus = (typeof domainStatuses)[number];

export const dnsRecordSchema = z.object({
  type: z.enum(['TXT', 'A', 'CNAME']),
  name: z.string(),
  value: z.string(),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

export const customDomainSchema = z.object({
  id: z.string(),
  type: z.literal('custom'),
  spaceId: z.string(),
  domain: z.string(),
  status: z.enum(domainStatuses),
  isDefault: z.boolean(),
  records: z.array(dnsRecordSchema),
  /** What the last check found, in words for people. */
  lastError: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomDomain = z.infer<typeof customDomainSchema>;
export const listDomainsResponseSchema = z.object({ domains: z.array(customDomainSchema) });
export const addDomainBodySchema = z.object({ spaceId: z.string().min(1).max(100), domain: z.string().max(300) });
export const domainResponseSchema = z.object({ domain: customDomainSchema });

/** Name of the TXT record carrying the verification token. */
export const verifyRecordName = (domain: string) => `_div-verify.${domain}`;

// ---- SEO ----

export const seoSettingsSchema = z.object({
  title: z.string().trim().max(120).default(''),
  description: z.string().trim().max(320).default(''),
  image: z.union([z.literal(''), z.url().max(2000)]).default(''),
  indexing: z.boolean().default(true),
  /** Pro only. */
  canonicalUrl: z.union([z.literal(''), z.url().max(2000)]).default(''),
  /** Pro only: JSON-LD text. */
  structuredData: z
    .string()
    .max(20_000)
    .default('')
    .refine(
      (s) => {
        if (!s.trim()) return true;
        try {
          const v = JSON.parse(s);
          return typeof v === 'object' && v !== null;
        } catch {
          return false;
        }
      },
      { message: 'Los datos estructurados deben ser un objeto JSON válido.' },
    ),
});
export type SeoSettings = z.infer<typeof seoSettingsSchema>;
export const seoResponseSchema = z.object({ seo: seoSettingsSchema });

// ---- Analytics ----

export const analyticsResponseSchema = z.object({
  days: z.number().int(),
  total: z.number().int(),
  series: z.array(z.object({ date: z.string(), views: z.number().int() })),
  topPages: z.array(z.object({ path: z.string(), views: z.number().int() })),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
