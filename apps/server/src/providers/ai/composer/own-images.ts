import type { AiSiteImage } from '../types';
import type { ComposedFile } from './compose';
import { escapeHtml as e } from './render-kit';
import { ABOUT_NAMES, placeAboutPhoto, placeTeamPhotos, SLOT_IMAGE_STYLES } from './slot-images';

/**
 * The space's own images in a composed site (issue 24): the one named like a logo replaces the
 * brand's letter, the one named like a hero (or else the widest other one) fills the hero's art,
 * the ones named like a member of the team take their place (ADR 0258), the one named like the place
 * or its story goes in the about section, and the rest, up to six, become the gallery's tiles when
 * the site has a gallery. Sites without images are left exactly as composed.
 */
export function placeOwnImages(files: ComposedFile[], images: readonly AiSiteImage[]): ComposedFile[] {
  if (!images.length) return files;
  const logo = images.find((i) => /logo|marca|brand/i.test(i.name));
  const rest = images.filter((i) => i !== logo);
  const hero =
    rest.find((i) => /hero|portada|cabecera|banner|fondo|principal/i.test(i.name)) ??
    [...rest].filter((i) => i.width >= i.height).sort((a, b) => b.width - a.width)[0];
  const firstHtml = files.find((f) => f.path === 'index.html')?.content ?? '';
  const team = placeTeamPhotos(
    firstHtml,
    rest.filter((i) => i !== hero),
  ).used;
  const about = /id="about"/.test(firstHtml)
    ? rest.find((i) => i !== hero && !team.includes(i) && ABOUT_NAMES.test(i.name))
    : undefined;
  const gallery = rest.filter((i) => i !== hero && i !== about && !team.includes(i)).slice(0, 6);
  const tag = (image: AiSiteImage, cls: string, alt: string) =>
    `<img class="${cls}" src="images/${image.name}" alt="${e(alt)}" width="${image.width}" height="${image.height}">`;

  return files.map((file) => {
    if (file.path === 'style.css')
      return { ...file, content: `${file.content}\n${OWN_IMAGE_STYLES}${team.length || about ? `\n${SLOT_IMAGE_STYLES}` : ''}` };
    if (file.path !== 'index.html') return file;
    let html = file.content;
    if (logo) {
      html = html.replace(/<span class="brand-mark" aria-hidden="true">[^<]*<\/span>/, tag(logo, 'brand-logo', ''));
    }
    if (hero) {
      html = replaceHeroArt(html, tag(hero, 'hero-photo', hero.alt));
    }
    if (team.length) html = placeTeamPhotos(html, team).html;
    if (about) html = placeAboutPhoto(html, about, html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '');
    if (gallery.length) {
      html = html.replace(
        /(<div class="gallery-grid">\n)([\s\S]*?)(\n\s*<\/div>)/,
        (_all, open: string, tiles: string, close: string) => {
          const indent = /^(\s*)/.exec(tiles)?.[1] ?? '  ';
          const figures = gallery.map(
            (image) =>
              `${indent}<figure class="tile tile-photo reveal">${tag(image, 'gallery-photo', image.alt)}${image.alt ? `<figcaption>${e(image.alt)}</figcaption>` : ''}</figure>`,
          );
          return `${open}${figures.join('\n')}${close}`;
        },
      );
      // The photos make the gallery real: it is no longer an editor-only placeholder (ADR 0252).
      html = html
        .replace(/(<section[^>]*id="gallery"[^>]*?) data-placeholder="editor"/, '$1')
        .replace(/<li data-placeholder="editor">(<a href="#gallery">)/, '<li>$1')
        .replace(/(id="gallery"[^>]*>\n\s*<div class="container">)\n\s*<p class="placeholder-note">[^<]*<\/p>/, '$1');
    }
    return { ...file, content: html };
  });
}

/**
 * Puts an image in the hero's art slot (the inline pattern of the kind's icons, or an earlier photo);
 * the slot stops being decorative. The html unchanged when the page has no hero art.
 */
export function replaceHeroArt(html: string, img: string): string {
  return html.replace(
    /(<div class="hero-art)[^"]*"(?: aria-hidden="true")?>\n([ \t]*)[\s\S]*?\n([ \t]*)<\/div>/,
    (_all, open: string, indent: string, close: string) => `${open} hero-art-photo">\n${indent}${img}\n${close}</div>`,
  );
}

export const OWN_IMAGE_STYLES = `/* The site's own images */
.brand-logo { height: 2rem; width: auto; display: block; }
.hero-photo { width: 100%; height: 100%; object-fit: cover; display: block; }
.hero-art-photo .art { display: none; }
.tile-photo { padding: 0; overflow: hidden; }
.gallery-photo { width: 100%; height: 100%; aspect-ratio: 4 / 3; object-fit: cover; display: block; }
`;
