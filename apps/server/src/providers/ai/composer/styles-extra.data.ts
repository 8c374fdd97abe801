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

.whatsapp-float {
  position: fixed;
  right: 1rem;
  bottom: 1rem;
  z-index: 30;
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0.8rem 1.1rem;
  border-radius: 999px;
  background: #14532d;
  color: #ffffff;
  font-weight: 700;
  text-decoration: none;
  box-shadow: var(--shadow);
}

/* The floating button never covers content: the page ends with room for it, and on phones it is
   a round icon in the corner, outside the text column's padding. */
body:has(.whatsapp-float) {
  padding-bottom: 5.5rem;
}

@media (max-width: 600px) {
  .whatsapp-float {
    right: 0.75rem;
    bottom: 0.75rem;
    width: 3.25rem;
    height: 3.25rem;
    padding: 0;
    justify-content: center;
  }
  .whatsapp-float span {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
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
`;
