import type { ProfileFactKey, SiteProfile } from '@div/shared/profile';
import type { SiteBrief } from './analyse';

/**
 * The site profile of a brief ("Lo que entendí", issue 37): what the composer read, as the data the
 * card shows and edits. Values are the brief's own; doubtful ones are listed in `uncertain`:
 *  - the kind, when no template fits and the neutral layout was chosen;
 *  - the name, when the brief gave none the composer could find;
 *  - an address without a number (a street the person should check);
 *  - a WhatsApp number without its country code (the link would need one assumed from the language).
 */
export function profileOf(brief: SiteBrief): SiteProfile {
  const f = brief.facts;
  const whatsapp = brief.sections.includes('whatsapp') ? f?.phone : undefined;
  const uncertain: ProfileFactKey[] = [];
  if (!brief.name) uncertain.push('name');
  if ((brief.kindId ?? brief.kind) === 'business') uncertain.push('kind');
  if (f?.address && !/\d/.test(f.address)) uncertain.push('address');
  if (whatsapp && !whatsapp.trim().startsWith('+')) uncertain.push('whatsapp');
  const optional = (key: string, value?: string) => (value ? { [key]: value } : {});
  return {
    name: brief.name,
    kind: brief.kindId ?? brief.kind,
    ...optional('kindNoun', brief.noun),
    language: brief.language,
    ...optional('city', f?.city),
    ...optional('address', f?.address),
    ...optional('phone', f?.phone),
    ...optional('whatsapp', whatsapp),
    ...optional('email', f?.email),
    ...optional('hours', f?.hours),
    items: (f?.prices ?? []).map((p) => (p.price ? { label: p.label, price: p.price } : { label: p.label })),
    services: [...(f?.services ?? []), ...(f?.items ?? [])],
    people: [...(f?.team ?? []), ...(f?.speakers ?? [])].map((p) => (p.role ? { name: p.name, role: p.role } : { name: p.name })),
    sections: brief.sections.filter((s) => s !== 'hero' && s !== 'footer'),
    formFields: [...(brief.formFields ?? []), ...(brief.formExtras ?? []).map((f) => f.label)],
    colours: [brief.palette.primary, brief.palette.accent],
    dark: brief.palette.dark,
    social: (f?.social ?? []).map((s) => ({ network: s.network, url: s.url, label: s.label })),
    questions: [...(f?.questions ?? [])],
    uncertain,
  };
}
