import type { PlanId } from '@div/shared/plans';
import { defaultPalettes, defaultSections, type Language, type SiteKind } from './analyse';
import { type ComposedFile, composeSite } from './compose';

/**
 * The composer's templates as starter templates offered when creating a space. Premium ones are
 * for medium and pro plans.
 */

export interface StarterTemplate {
  id: SiteKind;
  name: string;
  premium: boolean;
}

export const starterTemplates: StarterTemplate[] = [
  { id: 'business', name: 'Empresa', premium: false },
  { id: 'restaurant', name: 'Restaurante', premium: false },
  { id: 'portfolio', name: 'Portafolio', premium: false },
  { id: 'personal', name: 'Página personal', premium: false },
  { id: 'blog', name: 'Blog', premium: false },
  { id: 'saas', name: 'Landing de producto', premium: true },
  { id: 'shop', name: 'Tienda', premium: true },
  { id: 'agency', name: 'Agencia', premium: true },
  { id: 'event', name: 'Evento', premium: true },
  { id: 'fitness', name: 'Gimnasio', premium: true },
];

/** Whether a plan may start from this template (premium: medium and up). */
export function planAllowsTemplate(plan: PlanId, template: Pick<StarterTemplate, 'premium'>): boolean {
  return !template.premium || plan === 'medium' || plan === 'pro';
}

export function findStarterTemplate(id: string): StarterTemplate | undefined {
  return starterTemplates.find((t) => t.id === id);
}

/** The files of a starter template (index.html, style.css, script.js); undefined for an unknown id. */
export function starterTemplateFiles(
  id: string,
  options: { name?: string; language?: Language } = {},
): ComposedFile[] | undefined {
  const template = findStarterTemplate(id);
  if (!template) return undefined;
  const language = options.language ?? 'es';
  const [primary, accent] = defaultPalettes[template.id];
  return composeSite({
    kind: template.id,
    kindId: template.id,
    name: options.name?.trim() ?? '',
    language,
    palette: { primary, accent, dark: false },
    sections: defaultSections[template.id],
  });
}
