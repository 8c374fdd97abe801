import type { AiSiteImage } from '../types';
import { type Language, wordPattern } from './analyse';
import { type Files, type FollowUpResult, t, write } from './followup-kit';
import { OWN_IMAGE_STYLES, replaceHeroArt } from './own-images';
import { escapeHtml } from './render-kit';
import { placeAboutPhoto, placeTeamPhotos, SLOT_IMAGE_STYLES } from './slot-images';

/**
 * "usa mi foto en la portada" (issue 38): the hero's image slot takes one of the space's uploaded
 * images, the one the request names or else the newest, with its width, height and alt. Without an
 * uploaded image the request is refused (nothing changes, nothing is charged).
 */

const PICTURE = 'fotos?|fotograf[ií]as?|im[aá]gen(?:es)?|photos?|pictures?|images?|pics?';
const HERO = 'portada|inicio|cabecera|hero|banner|header|cover|principal|arriba del todo|top of the page';
const USE =
  'usa|use|pon|ponme|p[oó]n(?:la|lo)|put|coloca|mete|a[nñ]ade|add|cambia|change|sustituye|reemplaza|replace|set|quiero|want';

const PICTURE_WORDS = wordPattern(PICTURE, 'iu');
const HERO_WORDS = wordPattern(HERO, 'iu');
const USE_WORDS = wordPattern(USE, 'iu');
/** "la foto de la portada más grande" is about the hero's size, not about which photo it shows. */
const SIZE_WORDS = wordPattern('m[aá]s grande|mayor|m[aá]s peque[nñ]a|bigger|larger|smaller|taller|alto|altura', 'iu');
/** "pon mi logo en la cabecera" is about the brand in the navigation, not the hero's photo. */
const LOGO_WORDS = wordPattern('logo|logos|logotipo|isotipo', 'iu');

const TEAM_WORDS = wordPattern('equipo|team|miembros|members|personas|people|staff|plantilla', 'iu');
const ABOUT_WORDS = wordPattern(
  'sobre nosotros|sobre m[ií]|nosotros|qui[eé]nes somos|about(?: us| me)?|historia|our story|presentaci[oó]n',
  'iu',
);

/** Which slot a request asks an uploaded photo for: the hero, the team or the about section. */
export function photoSlotAsked(prompt: string, images: readonly AiSiteImage[] = []): 'hero' | 'team' | 'about' | null {
  if (asksForHeroPhoto(prompt, images)) return 'hero';
  const picture = PICTURE_WORDS.test(prompt) || images.some((image) => mentions(prompt, image));
  if (!picture || SIZE_WORDS.test(prompt) || !(USE_WORDS.test(prompt) || /^(?:mi|mis|my|las|the)\s/iu.test(prompt.trim())))
    return null;
  if (TEAM_WORDS.test(prompt)) return 'team';
  if (ABOUT_WORDS.test(prompt)) return 'about';
  return null;
}

/** Whether the request asks for one of the owner's photos in the hero. */
export function asksForHeroPhoto(prompt: string, images: readonly AiSiteImage[] = []): boolean {
  if (!HERO_WORDS.test(prompt) || SIZE_WORDS.test(prompt) || LOGO_WORDS.test(prompt)) return false;
  const named = images.some((image) => mentions(prompt, image));
  return (PICTURE_WORDS.test(prompt) || named) && (USE_WORDS.test(prompt) || /^(?:mi|my)\s/iu.test(prompt.trim()));
}

const stem = (name: string) => name.replace(/\.[a-z0-9]+$/i, '').toLowerCase();

function mentions(prompt: string, image: AiSiteImage): boolean {
  const text = prompt.toLowerCase();
  return text.includes(image.name.toLowerCase()) || wordPattern(stem(image.name).replace(/[-_]/g, '[-_ ]'), 'iu').test(text);
}

/** The image the request names, or the newest upload (the last listed when none has a date). */
export function pickImage(prompt: string, images: readonly AiSiteImage[]): AiSiteImage | undefined {
  const named = images.filter((image) => mentions(prompt, image)).sort((a, b) => b.name.length - a.name.length)[0];
  if (named) return named;
  // A logo is not a photo: it goes in the hero only when named.
  const photos = images.filter((image) => !/logo|marca|brand/i.test(image.name));
  return (photos.length ? photos : images).reduce<AiSiteImage | undefined>(
    (newest, image) => (!newest || (image.createdAt ?? '') >= (newest.createdAt ?? '') ? image : newest),
    undefined,
  );
}

/** The hero's `<img>`: sized, with the image's alt text (or the site's name when it has none). */
export function heroImageTag(image: AiSiteImage, fallbackAlt: string): string {
  const alt = image.alt.trim() || fallbackAlt;
  return `<img class="hero-photo" src="images/${image.name}" alt="${escapeHtml(alt)}" width="${image.width}" height="${image.height}">`;
}

/** Puts the image in the hero of every page that has one; the new files, or null when no page has a hero slot. */
export function placeHeroImage(files: Files, image: AiSiteImage): Map<string, string> | null {
  const changed = new Map<string, string>();
  for (const [path, html] of files) {
    if (!/\.html?$/i.test(path)) continue;
    const name = html.match(/<title>([^<]*)<\/title>/i)?.[1]?.trim() ?? '';
    const next = replaceHeroArt(html, heroImageTag(image, name));
    if (next !== html) changed.set(path, next);
  }
  if (!changed.size) return null;
  const css = files.get('style.css');
  if (css !== undefined && !css.includes('.hero-photo {')) changed.set('style.css', `${css}\n${OWN_IMAGE_STYLES}`);
  return changed;
}

/** The refusal when the space has no uploaded image. */
export function noImageRefusal(asked: string, lang: Language): string {
  return t(
    lang,
    `He entendido que quieres «${asked.trim().slice(0, 120)}», pero este espacio no tiene ninguna imagen subida. Sube tu foto con «Subir imagen» en el panel Imágenes del editor (o arrástrala al editor) y vuelve a pedírmelo. No he tocado nada.`,
    `I understood you want "${asked.trim().slice(0, 120)}", but this space has no uploaded image. Upload your photo with "Upload image" in the editor's Images panel (or drop it on the editor) and ask again. Nothing changed.`,
  );
}

/** Adds the styles of the team's and about section's photos once. */
function withSlotStyles(files: Files, out: FollowUpResult): void {
  const css = files.get('style.css');
  if (css !== undefined && !css.includes('.member-photo {')) write(files, out, 'style.css', `${css}\n${SLOT_IMAGE_STYLES}`);
}

function teamPhotos(files: Files, lang: Language, out: FollowUpResult, images: readonly AiSiteImage[]): boolean {
  const html = files.get('index.html') ?? '';
  if (!/id="team"/.test(html)) {
    out.messages.push(
      t(
        lang,
        'No hay sección de equipo en esta página; pídeme «añade el equipo: Ana (peluquera)».',
        'There is no team section on this page; ask "add the team: Ana (stylist)".',
      ),
    );
    return true;
  }
  const { html: next, used } = placeTeamPhotos(html, images);
  if (!used.length) {
    out.messages.push(
      t(
        lang,
        'No encontré imágenes con el nombre de las personas del equipo. Súbelas con su nombre (por ejemplo ana.jpg) y vuelve a pedírmelo.',
        'I could not find images named after the people of the team. Upload them with their names (e.g. ana.jpg) and ask again.',
      ),
    );
    return true;
  }
  write(files, out, 'index.html', next);
  withSlotStyles(files, out);
  const names = used.map((image) => `images/${image.name}`).join(', ');
  out.messages.push(t(lang, `He puesto las fotos del equipo: ${names}.`, `I put the team's photos in: ${names}.`));
  return true;
}

function aboutPhoto(files: Files, clause: string, lang: Language, out: FollowUpResult, images: readonly AiSiteImage[]): boolean {
  const html = files.get('index.html') ?? '';
  const image = pickImage(clause, images) as AiSiteImage;
  const name = html.match(/<title>([^<]*)<\/title>/i)?.[1]?.trim() ?? '';
  const next = placeAboutPhoto(html, image, name);
  if (next === html) {
    out.messages.push(
      t(
        lang,
        'No encontré la sección «Sobre nosotros» en esta página; pídeme «añade una sección sobre nosotros» y luego la foto.',
        'I could not find the "About" section on this page; ask "add an about section" and then the photo.',
      ),
    );
    return true;
  }
  write(files, out, 'index.html', next);
  withSlotStyles(files, out);
  out.messages.push(
    t(lang, `He puesto images/${image.name} en «Sobre nosotros».`, `I put images/${image.name} in the About section.`),
  );
  return true;
}

/** A follow-up handler for the space's images: the hero's photo, the team's, the about section's. */
export function heroPhotoHandler(images: readonly AiSiteImage[]) {
  return (files: Files, clause: string, lang: Language, out: FollowUpResult): boolean => {
    const slot = images.length ? photoSlotAsked(clause, images) : null;
    if (!slot) return false;
    out.understood = true;
    if (slot === 'team') return teamPhotos(files, lang, out, images);
    if (slot === 'about') return aboutPhoto(files, clause, lang, out, images);
    const image = pickImage(clause, images) as AiSiteImage;
    const changed = placeHeroImage(files, image);
    if (!changed) {
      out.messages.push(
        t(
          lang,
          `No encontré una portada con sitio para una imagen en esta página; pídeme, por ejemplo, «añade una galería» y pondré allí images/${image.name}.`,
          `I could not find a hero with room for an image on this page; ask, for example, "add a gallery" and I will put images/${image.name} there.`,
        ),
      );
      return true;
    }
    for (const [path, content] of changed) write(files, out, path, content);
    out.messages.push(t(lang, `He puesto images/${image.name} en la portada.`, `I put images/${image.name} in the hero.`));
    return true;
  };
}
