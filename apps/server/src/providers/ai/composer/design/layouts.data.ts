/**
 * The layout variants of the design families (ADR 0250), as CSS over the same markup, so a site can
 * change family ("Cambiar diseño", "más elegante") by changing its stylesheets alone. The hero's art
 * is `.hero-art` (the owner's photo, or an inline pattern with the kind's icons); its copy is
 * `.hero-copy`. Every variant fits from 320 to 1440 px.
 */

export const heroLayouts = {
  split: `
/* Hero: split, copy beside the art */
.hero { padding: clamp(3rem, 8vw, 6rem) 0; }
.hero-inner { display: grid; grid-template-columns: minmax(0, 1.05fr) minmax(0, 0.95fr); gap: clamp(2rem, 5vw, 4rem); align-items: center; }
.hero-art { position: relative; aspect-ratio: 5 / 4; border-radius: var(--art-radius); overflow: hidden; background: var(--art-bg); box-shadow: var(--shadow); }
.art { position: absolute; display: grid; place-items: center; color: var(--art-ink); }
.art-a { left: 50%; top: 50%; height: 72%; aspect-ratio: 1; translate: -50% -50%; border-radius: 50%; border: 2px solid var(--art-line); }
.art-a .icon { width: 34%; height: 34%; stroke-width: 1.4; }
.art-b { left: 7%; bottom: 8%; width: 18%; aspect-ratio: 1; }
.art-c { right: 7%; top: 8%; width: 18%; aspect-ratio: 1; }
.art-b .icon, .art-c .icon { width: 60%; height: 60%; stroke-width: 1.5; }
@media (max-width: 860px) {
  .hero-inner { grid-template-columns: 1fr; }
  .hero-art { aspect-ratio: 16 / 9; max-height: 260px; width: 100%; }
}
`,
  full: `
/* Hero: full-bleed, the copy over the art */
.hero { position: relative; min-height: min(86vh, 760px); display: grid; align-items: end; padding: clamp(6rem, 14vw, 10rem) 0 clamp(3rem, 7vw, 5rem); color: #ffffff; isolation: isolate; }
.hero-inner { position: static; display: block; }
.hero-copy { max-width: 46rem; }
.hero-art { position: absolute; inset: 0; z-index: -1; background: var(--art-deep); }
.hero-art::after { content: ""; position: absolute; inset: 0; background: linear-gradient(180deg, rgb(0 0 0 / 0.15), rgb(0 0 0 / 0.72)); }
.hero-art img { width: 100%; height: 100%; object-fit: cover; }
.art { position: absolute; color: rgb(255 255 255 / 0.14); }
.art-a { right: 4%; top: 10%; width: min(38vw, 520px); aspect-ratio: 1; }
.art-a .icon { width: 100%; height: 100%; stroke-width: 0.7; }
.art-b, .art-c { display: none; }
.hero .eyebrow, .hero .hero-text { color: rgb(255 255 255 / 0.92); }
.hero h1 { color: #ffffff; }
.hero .btn-ghost { color: #ffffff; border-color: rgb(255 255 255 / 0.7); }
@media (max-width: 860px) { .hero { min-height: 0; } .art-a { width: 60vw; top: 4%; } }
`,
  editorial: `
/* Hero: centred editorial, a band of the art below */
.hero { padding: clamp(3.5rem, 9vw, 7rem) 0 0; text-align: center; }
.hero-inner { display: grid; grid-template-columns: 1fr; gap: clamp(2.5rem, 6vw, 4rem); justify-items: center; }
.hero-copy { max-width: 48rem; }
.hero-text { margin-inline: auto; }
.hero-actions { justify-content: center; }
.hero-art { position: relative; width: 100%; height: clamp(180px, 26vw, 340px); overflow: hidden; border-radius: var(--radius) var(--radius) 0 0; background: var(--art-bg); display: flex; align-items: center; justify-content: space-evenly; }
.hero-art img { width: 100%; height: 100%; object-fit: cover; }
.art { display: grid; place-items: center; color: var(--art-ink); width: clamp(56px, 9vw, 110px); aspect-ratio: 1; border: 1px solid var(--art-line); border-radius: 50%; }
.art .icon { width: 46%; height: 46%; stroke-width: 1.3; }
`,
  collage: `
/* Hero: collage of tiles beside the copy */
.hero { padding: clamp(3rem, 8vw, 6rem) 0; }
.hero-inner { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: clamp(2rem, 5vw, 4rem); align-items: center; }
.hero-art { display: grid; grid-template-columns: 1.2fr 1fr; grid-template-rows: 1fr 1fr; gap: 0.9rem; aspect-ratio: 1 / 0.86; }
.hero-art img { grid-row: 1 / 3; grid-column: 1 / 3; width: 100%; height: 100%; object-fit: cover; border-radius: var(--radius); }
.art { display: grid; place-items: center; border-radius: var(--radius); color: var(--art-ink); background: var(--art-bg); box-shadow: var(--shadow); }
.art-a { grid-row: 1 / 3; transform: rotate(-2deg); }
.art-b { background: var(--accent-soft); color: var(--color-accent-ink); transform: rotate(2.5deg); }
.art-c { background: var(--color-primary); color: var(--on-primary); transform: rotate(-1.5deg); }
.art .icon { width: 38%; height: 38%; stroke-width: 1.5; }
@media (max-width: 860px) {
  .hero-inner { grid-template-columns: 1fr; }
  .hero-art { aspect-ratio: 2 / 1; max-height: 240px; }
}
`,
  type: `
/* Hero: typographic, the name set large, no picture */
.hero { padding: clamp(3.5rem, 10vw, 8rem) 0 clamp(2.5rem, 6vw, 4.5rem); border-bottom: 1px solid var(--color-border); }
.hero-inner { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 2rem; align-items: end; }
.hero h1 { --hero-h1: var(--h1-type); font-size: var(--hero-h1); line-height: 0.95; max-width: 14ch; }
.hero-text { font-size: clamp(1.1rem, 1.6vw, 1.35rem); }
.hero h1.hero-title-long { --hero-h1: var(--h1); font-size: var(--h1); max-width: 22ch; }
.hero-art { display: none; }
.hero-art-photo { display: block; width: clamp(96px, 14vw, 180px); aspect-ratio: 1; }
.hero-art img { width: 100%; height: 100%; object-fit: cover; border-radius: 50%; }
@media (max-width: 860px) { .hero-inner { grid-template-columns: 1fr; } }
`,
} as const;

/**
 * Variants of the split and collage heroes (ADR 0250, issue 38's layout spread): the same family with
 * its art first, as a wide band under the copy, wider than the copy, or as a band above it. Chosen per
 * site from its kind.
 */
export const heroVariants = {
  base: '',
  mirror: `
/* Hero variant: the art first, the copy beside it */
@media (min-width: 861px) { .hero-art { order: -1; } }
`,
  stack: `
/* Hero variant: the copy across, the art as a wide band under it */
.hero-inner { grid-template-columns: minmax(0, 1fr); gap: clamp(1.75rem, 4vw, 2.75rem); }
.hero-copy { max-width: 52rem; }
.hero-art { width: 100%; aspect-ratio: 21 / 8; max-height: 360px; }
@media (max-width: 860px) { .hero-art { aspect-ratio: 16 / 9; max-height: 240px; } }
`,
  wide: `
/* Hero variant: a narrow column of copy beside a wide art */
@media (min-width: 861px) { .hero-inner { grid-template-columns: minmax(0, 0.78fr) minmax(0, 1.42fr); } .hero-art { aspect-ratio: 16 / 10; } }
`,
  over: `
/* Hero variant: the art as a band across the top, the copy under it */
.hero-inner { grid-template-columns: minmax(0, 1fr); gap: clamp(1.5rem, 4vw, 2.5rem); }
.hero-art { order: -1; width: 100%; aspect-ratio: 21 / 6; max-height: 280px; }
.art-b, .art-c { width: auto; height: 34%; }
.hero-copy { max-width: 50rem; }
@media (max-width: 860px) { .hero-art { aspect-ratio: 16 / 7; max-height: 200px; } }
`,
} as const;

export const servicesLayouts = {
  cards: '',
  list: `
/* Services: a list with rules */
.cards { grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr)); gap: 0 3rem; }
.cards .card { display: grid; grid-template-columns: auto 1fr auto; gap: 0 1.1rem; align-items: center; padding: 1.25rem 0; border: 0; border-top: 1px solid var(--color-border); border-radius: 0; background: transparent; box-shadow: none; }
.cards .card:hover { transform: none; }
.cards .card-icon { margin: 0; width: 2.4rem; height: 2.4rem; }
.cards .card h3 { margin: 0; }
.cards .card .price { margin: 0; }
`,
  rows: `
/* Services: alternating rows */
.cards { grid-template-columns: 1fr; gap: 1.25rem; }
.cards .card { display: grid; grid-template-columns: minmax(0, 8rem) minmax(0, 1fr); gap: 1.5rem; align-items: center; padding: 1.4rem; }
.cards .card:nth-child(even) { grid-template-columns: minmax(0, 1fr) minmax(0, 8rem); }
.cards .card:nth-child(even) .card-icon { order: 2; }
.cards .card-icon { width: 100%; height: auto; aspect-ratio: 1; max-width: 8rem; margin: 0; border-radius: var(--radius); }
.cards .card-icon .icon { width: 40%; height: 40%; stroke-width: 1.5; }
.cards .card h3 { font-size: clamp(1.3rem, 2.4vw, 1.8rem); margin: 0; }
@media (max-width: 520px) { .cards .card, .cards .card:nth-child(even) { grid-template-columns: 4rem minmax(0, 1fr); gap: 1rem; padding: 1.1rem; } .cards .card:nth-child(even) .card-icon { order: 0; } .cards .card h3 { font-size: 1.2rem; } }
`,
} as const;

export const galleryLayouts = {
  grid: '',
  masonry: `
/* Gallery: masonry columns */
.gallery-grid { display: block; columns: 3 260px; column-gap: 1rem; }
.gallery-grid .tile { break-inside: avoid; margin: 0 0 1rem; }
.gallery-grid .tile img { aspect-ratio: auto; height: auto; }
`,
} as const;

export const menuLayouts = {
  leaders: '',
  table: `
/* Menus and price lists: ruled like a table */
.menu-list { gap: 0; }
.menu-item { padding: 0.9rem 0; border-bottom: 1px solid var(--color-border); }
.menu-line .dots { border: 0; }
.menu-line .price { font-variant-numeric: tabular-nums; }
`,
} as const;

export const navLayouts = {
  bar: '',
  centred: `
/* Navigation: the name centred above the links */
@media (min-width: 861px) {
  .nav-inner { flex-direction: column; gap: 0.35rem; padding: 0.9rem 0 0.7rem; }
  .brand { font-size: 1.4rem; }
}
`,
} as const;

export const buttonStyles = {
  pill: '.btn { border-radius: 999px; }',
  rounded: '.btn { border-radius: 10px; }',
  square: '.btn { border-radius: 0; letter-spacing: 0.04em; text-transform: uppercase; font-size: 0.9rem; }',
  underline:
    '.btn { border-radius: 0; }\n.btn-ghost { border: 0; border-bottom: 2px solid currentColor; padding-inline: 0.2rem; }',
} as const;
