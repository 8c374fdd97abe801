import type { AiSiteImage } from '../types';
import { escapeHtml as e } from './render-kit';

/**
 * The team's and the about section's `<img>` slots (issue 38, ADR 0258). A member's photo is an
 * image of the space named like them ("ana.jpg", "ana-lopez.webp"); the about section's is the one
 * named like the place or the story, or the one a follow-up names. Without such an image the slot
 * is left out: no stock face, no initials dressed as a photo.
 */

export const SLOT_IMAGE_STYLES = `/* Photos of the team and the about section */
.member-photo { width: 6rem; height: 6rem; margin: 0 auto 1rem; border-radius: 50%; object-fit: cover; display: block; }
.about-photo { margin: 0; }
.about-photo img, .about-text .about-photo-inline { width: 100%; height: auto; border-radius: var(--art-radius, var(--radius)); display: block; }
.about-text .about-photo-inline { margin-top: 1.5rem; }
`;

/** Words of an image name that say it shows the place or its story. */
export const ABOUT_NAMES = /nosotros|about|local|interior|historia|story|tienda|shop|taller|studio|estudio|fachada|sobre/i;

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The image named like a person: their whole name, or their first name alone. */
export function photoOf(name: string, images: readonly AiSiteImage[]): AiSiteImage | undefined {
  const full = slug(name);
  const first = full.split('-')[0] ?? '';
  const stem = (image: AiSiteImage) => slug(image.name.replace(/\.[a-z0-9]+$/i, ''));
  return images.find((i) => stem(i) === full) ?? (first.length >= 3 ? images.find((i) => stem(i) === first) : undefined);
}

/** Puts each member's photo where their initials were; returns the html and the images used. */
export function placeTeamPhotos(html: string, images: readonly AiSiteImage[]): { html: string; used: AiSiteImage[] } {
  const used: AiSiteImage[] = [];
  const next = html.replace(
    /<span class="avatar avatar-large" aria-hidden="true">[^<]*<\/span>(\n\s*<h3>([^<]+)<\/h3>)/g,
    (all, heading: string, name: string) => {
      const photo = photoOf(decode(name), images);
      if (!photo) return all;
      used.push(photo);
      return `<img class="member-photo" src="images/${photo.name}" alt="${e(photo.alt.trim() || decode(name))}" width="${photo.width}" height="${photo.height}">${heading}`;
    },
  );
  return { html: next, used };
}

/** Puts `image` in the about section (beside the text, or under it when the facts take the side); the html unchanged without one. */
export function placeAboutPhoto(html: string, image: AiSiteImage, fallbackAlt: string): string {
  const alt = e(image.alt.trim() || fallbackAlt);
  const size = `width="${image.width}" height="${image.height}"`;
  // An earlier photo goes first.
  const clean = html
    .replace(/\n\s*<figure class="about-photo[^"]*"><img [^>]*><\/figure>/, '')
    .replace(/\n\s*<img class="about-photo-inline" [^>]*>/, '');
  const grid = /(<div class="about-grid">\n)([ \t]*)(<div class="about-text[^"]*">\n[\s\S]*?\n[ \t]*<\/div>)/.exec(clean);
  if (!grid) return html;
  const [whole, open, indent, text] = grid as unknown as [string, string, string, string];
  const hasFacts = /<div class="facts[^"]*">/.test(clean.slice(grid.index + whole.length, grid.index + whole.length + 400));
  const replaced = hasFacts
    ? `${open}${indent}${text.replace(/\n([ \t]*)<\/div>$/, (_m, i: string) => `\n${i}  <img class="about-photo-inline" src="images/${image.name}" alt="${alt}" ${size}>\n${i}</div>`)}`
    : `${open}${indent}${text}\n${indent}<figure class="about-photo reveal"><img src="images/${image.name}" alt="${alt}" ${size}></figure>`;
  return clean.slice(0, grid.index) + replaced + clean.slice(grid.index + whole.length);
}

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
