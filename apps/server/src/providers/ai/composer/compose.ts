import { analysePrompt, type SiteBrief } from './analyse';
import { labels } from './content';
import { renderIndex } from './sections';
import { renderScript, renderStyles } from './styles';

export interface ComposedFile {
  path: string;
  content: string;
}

/** index.html, style.css and script.js of a site for this brief. */
export function composeSite(brief: SiteBrief): ComposedFile[] {
  return [
    { path: 'index.html', content: renderIndex(brief) },
    { path: 'style.css', content: renderStyles(brief.palette) },
    { path: 'script.js', content: renderScript() },
  ];
}

export function composeFromPrompt(prompt: string): { brief: SiteBrief; files: ComposedFile[] } {
  const brief = analysePrompt(prompt);
  return { brief, files: composeSite(brief) };
}

const kindNames: Record<SiteBrief['kind'], { es: string; en: string }> = {
  restaurant: { es: 'restaurante', en: 'restaurant' },
  portfolio: { es: 'portafolio', en: 'portfolio' },
  saas: { es: 'página de producto', en: 'product landing page' },
  shop: { es: 'tienda', en: 'shop' },
  blog: { es: 'blog', en: 'blog' },
  agency: { es: 'agencia', en: 'agency' },
  event: { es: 'evento', en: 'event' },
  personal: { es: 'página personal', en: 'personal page' },
  fitness: { es: 'gimnasio', en: 'gym' },
  business: { es: 'empresa', en: 'business' },
};

/** The sentence the composer writes before the files. */
export function introFor(brief: SiteBrief): string {
  const kind = kindNames[brief.kind][brief.language];
  const count = brief.sections.length;
  const names = labels[brief.language].nav;
  const list = brief.sections
    .map((s) =>
      s === 'hero'
        ? brief.language === 'es'
          ? 'portada'
          : 'hero'
        : s === 'footer'
          ? brief.language === 'es'
            ? 'pie'
            : 'footer'
          : (names[s] ?? s).toLowerCase(),
    )
    .join(', ');
  return brief.language === 'es'
    ? `Creo «${brief.name}», un sitio de ${kind} con ${count} secciones (${list}), colores ${brief.palette.primary} y ${brief.palette.accent}, listo para móvil y escritorio.`
    : `Building "${brief.name}", a ${kind} site with ${count} sections (${list}), colours ${brief.palette.primary} and ${brief.palette.accent}, ready for mobile and desktop.`;
}
