/**
 * The stylesheet's second half: the sections added for briefs (map, booking, RSVP, newsletter,
 * sponsors, WhatsApp), solid fills under text so every label keeps its contrast.
 */

export const extraStyles = `
/* Sections for what the brief asks: map, forms, sponsors, WhatsApp. */
.skip-link {
  position: absolute;
  left: -999px;
  top: 0.5rem;
  padding: 0.6rem 1rem;
  background: var(--color-bg);
  color: var(--color-text);
  z-index: 100;
}

.skip-link:focus {
  left: 0.5rem;
}

.brand-mark,
.avatar,
.hero-card-mark {
  background: var(--color-primary);
  color: var(--on-primary);
}

.tile {
  position: relative;
  display: flex;
  flex-direction: column;
  justify-content: space-between;
  color: var(--on-primary);
}

.tile .icon {
  width: 2.4rem;
  height: 2.4rem;
  opacity: 0.9;
  fill: none;
  stroke: currentColor;
}

.tile figcaption {
  align-self: flex-start;
  background: var(--color-primary);
  color: var(--on-primary);
  padding: 0.3rem 0.7rem;
  border-radius: 999px;
}

.product-art {
  display: grid;
  place-items: center;
  color: var(--on-primary);
}

.product-art .icon {
  width: 2.6rem;
  height: 2.6rem;
  fill: none;
  stroke: currentColor;
}

.footer-facts {
  color: var(--color-muted);
}

.map-grid {
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 1.5rem;
  align-items: stretch;
}

.map-card {
  padding: 2rem;
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  background: var(--color-surface);
}

.map-address {
  font-size: 1.25rem;
  font-weight: 700;
}

.map-art {
  display: grid;
  place-items: center;
  min-height: 240px;
  border-radius: var(--radius);
  color: var(--color-primary-ink);
  background:
    repeating-linear-gradient(0deg, transparent 0 38px, var(--color-border) 38px 40px),
    repeating-linear-gradient(90deg, transparent 0 38px, var(--color-border) 38px 40px),
    var(--primary-soft);
}

.map-embed {
  width: 100%;
  min-height: 320px;
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
}

.map-art .icon {
  width: 3.5rem;
  height: 3.5rem;
  fill: none;
  stroke: currentColor;
  stroke-width: 2;
}

.booking .contact-form,
.rsvp .contact-form,
.newsletter .contact-form {
  max-width: 640px;
  margin: 0 auto;
}

.contact-form select {
  font: inherit;
  padding: 0.75rem 0.9rem;
  border: 1px solid var(--color-border);
  border-radius: 12px;
  background: var(--color-bg);
  color: var(--color-text);
}

.sponsor-list {
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 1rem;
  list-style: none;
  padding: 0;
  margin: 0;
}

.sponsor {
  padding: 1rem 1.6rem;
  border: 1px solid var(--color-border);
  border-radius: 12px;
  font-weight: 700;
  background: var(--color-surface);
}

/* The floating button never covers content. Where the page has a side margin wide enough (1300 px
   and up), it is a round button in that margin; narrower, it is a bar across the bottom of the
   screen and the page ends with room for it, so nothing is ever left under it. */
.whatsapp-float {
  position: fixed;
  z-index: 30;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  background: #14532d;
  color: #ffffff;
  font-weight: 700;
  text-decoration: none;
  box-shadow: var(--shadow);
  left: 0;
  right: 0;
  bottom: 0;
  min-height: 3.25rem;
  padding: 0.75rem 1rem calc(0.75rem + env(safe-area-inset-bottom, 0px));
  border-radius: 0;
}

body:has(.whatsapp-float) {
  padding-bottom: calc(3.25rem + env(safe-area-inset-bottom, 0px));
}

@media (min-width: 1300px) {
  .whatsapp-float {
    left: auto;
    right: max(1rem, calc((100vw - 1120px) / 2 - 4.5rem));
    bottom: 1.5rem;
    width: 3.5rem;
    height: 3.5rem;
    min-height: 0;
    padding: 0;
    border-radius: 999px;
  }
  .whatsapp-float span {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  body:has(.whatsapp-float) {
    padding-bottom: 0;
  }
}

/* Navigation that would wrap collapses behind its button instead (script.js sets .nav-compact). */
.nav-links {
  flex-wrap: nowrap;
  white-space: nowrap;
  min-width: 0;
}

.nav-compact .nav-toggle {
  display: flex;
}

.nav-compact .nav-inner {
  position: relative;
}

.nav-compact .nav-links {
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  flex-direction: column;
  gap: 0;
  padding: 0.5rem 1.25rem 1rem;
  background: var(--color-bg);
  border-bottom: 1px solid var(--color-border);
  display: none;
}

.nav-compact .nav-links.open {
  display: flex;
}

.nav-compact .nav-links a {
  display: block;
  padding: 0.7rem 0;
}

.whatsapp-float .icon {
  width: 1.3rem;
  height: 1.3rem;
  fill: none;
  stroke: currentColor;
  stroke-width: 2;
}

.sticky-nav .nav {
  position: sticky;
  top: 0;
}

.hero-big {
  min-height: 92vh;
  display: grid;
  align-items: center;
}

.hero-big .hero-art {
  min-height: 460px;
}

@media (max-width: 860px) {
  .map-grid {
    grid-template-columns: 1fr;
  }
}

/* Products without a photo of their own: a compact row (icon, name, price), not a big empty tile. */
.product:not(:has(img)) {
  display: grid;
  grid-template-columns: 3.5rem minmax(0, 1fr);
  gap: 0.35rem 1rem;
  align-items: center;
  padding: 1.1rem 1.25rem;
}

.product:not(:has(img)) .product-art {
  grid-row: span 2;
  width: 3.5rem;
  height: 3.5rem;
  margin: 0;
  border-radius: var(--radius);
  display: grid;
  place-items: center;
  background: var(--primary-soft);
  color: var(--color-primary-ink);
}

.product:not(:has(img)) .product-art .icon {
  width: 1.6rem;
  height: 1.6rem;
}

.product:not(:has(img)) h3 {
  margin: 0;
}

/* Forms fit the narrowest phone: fields take the column's width, never their default size. */
.contact-form {
  grid-template-columns: minmax(0, 1fr);
}

.contact-form input,
.contact-form textarea,
.contact-form select {
  width: 100%;
  min-width: 0;
}

/* Opening hours read as a table: the day range starts with a capital. */
.hours th::first-letter {
  text-transform: uppercase;
}

@media (min-width: 521px) {
  .hours th {
    white-space: nowrap;
  }
}

/* People without photos: two to a row on phones, not a screen each. */
.team-grid {
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 150px), 1fr));
}

@media (max-width: 520px) {
  .hours tr {
    display: grid;
    padding: 0.45rem 0;
    border-top: 1px solid var(--color-border);
  }
  .hours th,
  .hours td {
    padding: 0;
    border: 0;
  }
  .team-grid .member {
    padding: 1.25rem 0.75rem;
  }
  .contact-form {
    padding: 1.25rem;
  }
  .hero-actions .btn {
    flex: 1 1 auto;
  }
}
`;
