import { analysePrompt, type SiteBrief } from './analyse';
import { labels } from './content';
import { familyOf } from './design/choose';
import { FONTS_PATH, renderFonts } from './design/fonts';
import { displayName, renderContext } from './render-kit';
import { renderIndex } from './sections';
import { renderScript, renderStyles } from './styles';

export interface ComposedFile {
  path: string;
  content: string;
}

/** index.html, fonts.css (the design's typefaces), style.css and script.js of a site for this brief. */
export function composeSite(brief: SiteBrief): ComposedFile[] {
  return [
    { path: 'index.html', content: renderIndex(brief) },
    { path: FONTS_PATH, content: renderFonts(familyOf(brief)) },
    { path: 'style.css', content: renderStyles(brief) },
    { path: 'script.js', content: renderScript() },
  ];
}

export function composeFromPrompt(prompt: string): { brief: SiteBrief; files: ComposedFile[] } {
  const brief = analysePrompt(prompt);
  return { brief, files: composeSite(brief) };
}

/** The sentence the composer writes before the files: what it understood, so the person can check. */
export function introFor(brief: SiteBrief): string {
  const ctx = renderContext(brief);
  const es = brief.language === 'es';
  const names = labels[brief.language].nav;
  const list = brief.sections
    .filter((s) => s !== 'hero' && s !== 'footer')
    .map((s) => (names[s] ?? s).toLowerCase())
    .join(', ');
  const f = ctx.facts;
  const known = [
    f.city,
    f.address,
    f.phone,
    f.email,
    f.hours,
    f.prices.length ? `${f.prices.length} ${es ? 'precios' : 'prices'}` : '',
    f.team.length ? `${f.team.length} ${es ? 'personas del equipo' : 'team members'}` : '',
  ].filter(Boolean);
  const noun = ctx.kind.noun[ctx.li];
  const name = displayName(ctx);
  return es
    ? `Creo «${name}», una web de ${noun} con ${list}${known.length ? `; datos que uso tal cual: ${known.join(', ')}` : ''}. Lo que no me has dado (teléfono, dirección, opiniones…) queda como texto fácil de cambiar, nunca inventado.`
    : `Building "${name}", a ${noun} website with ${list}${known.length ? `; facts used as given: ${known.join(', ')}` : ''}. Anything you did not give me (phone, address, reviews…) is left as easy-to-edit text, never invented.`;
}
