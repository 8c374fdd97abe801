/**
 * The base stylesheet of a composed site (after its design tokens): type, buttons, navigation, hero,
 * and one block per section. The design family's own rules (design/family-css.ts) come after it.
 */
export const baseStyles = `
*,
*::before,
*::after {
  box-sizing: border-box;
}

html {
  scroll-behavior: smooth;
  scroll-padding-top: 80px;
}

body {
  margin: 0;
  font-family: var(--font);
  font-size: 1.0625rem;
  line-height: 1.65;
  color: var(--color-text);
  background: var(--color-bg);
  -webkit-font-smoothing: antialiased;
}

img,
svg {
  display: block;
  max-width: 100%;
}

a {
  color: inherit;
}

h1,
h2,
h3 {
  line-height: 1.15;
  margin: 0 0 0.5em;
  letter-spacing: -0.02em;
}

h1 {
  font-family: var(--font-display);
  font-size: clamp(2.4rem, 5.5vw, 4.2rem);
}

h2 {
  font-size: clamp(1.8rem, 3.6vw, 2.6rem);
}

h3 {
  font-size: 1.2rem;
}

p {
  margin: 0 0 1em;
}

.container {
  width: min(1120px, 100% - 2.5rem);
  margin-inline: auto;
}

:focus-visible {
  outline: 3px solid var(--color-accent);
  outline-offset: 3px;
}

/* Buttons */
.btn {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  padding: 0.85rem 1.5rem;
  border-radius: 999px;
  border: 2px solid transparent;
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  transition: transform 0.2s ease, box-shadow 0.2s ease, background 0.2s ease;
}

.btn:hover {
  transform: translateY(-2px);
}

.btn-primary {
  background: var(--color-primary);
  color: var(--on-primary);
  box-shadow: 0 12px 24px -12px var(--color-primary);
}

.btn-ghost {
  border-color: color-mix(in srgb, var(--color-text) 20%, transparent);
  color: var(--color-text);
  background: transparent;
}

.btn-small {
  padding: 0.5rem 1rem;
  font-size: 0.9rem;
  background: var(--color-primary);
  color: var(--on-primary);
}

.link {
  color: var(--color-primary);
  font-weight: 600;
  text-decoration: none;
}

/* Navigation */
.nav {
  position: sticky;
  top: 0;
  z-index: 20;
  background: color-mix(in srgb, var(--color-bg) 82%, transparent);
  backdrop-filter: blur(12px);
  border-bottom: 1px solid var(--color-border);
}

.nav-inner {
  display: flex;
  align-items: center;
  justify-content: space-between;
  min-height: 68px;
}

.brand {
  display: inline-flex;
  align-items: center;
  gap: 0.6rem;
  font-weight: 800;
  font-size: 1.15rem;
  text-decoration: none;
}

.brand-mark {
  display: grid;
  place-items: center;
  width: 2rem;
  height: 2rem;
  border-radius: 10px;
  background: linear-gradient(135deg, var(--color-primary), var(--color-accent));
  color: var(--on-primary);
  font-size: 1rem;
}

.nav-links {
  display: flex;
  gap: 1.6rem;
  list-style: none;
  margin: 0;
  padding: 0;
}

.nav-links a {
  text-decoration: none;
  color: var(--color-muted);
  font-weight: 500;
}

.nav-links a:hover {
  color: var(--color-primary);
}

.nav-toggle {
  display: none;
  flex-direction: column;
  gap: 5px;
  padding: 0.6rem;
  border: 0;
  background: transparent;
  cursor: pointer;
}

.nav-toggle span {
  width: 24px;
  height: 2px;
  background: var(--color-text);
  border-radius: 2px;
}

/* Hero */
.hero {
  position: relative;
  overflow: hidden;
  padding: clamp(4rem, 10vw, 7.5rem) 0;
}

.hero-inner {
  display: grid;
  grid-template-columns: 1.1fr 0.9fr;
  gap: 3rem;
  align-items: center;
}

.eyebrow {
  display: inline-block;
  padding: 0.35rem 0.9rem;
  border-radius: 999px;
  background: var(--primary-soft);
  color: var(--color-primary);
  font-weight: 700;
  font-size: 0.85rem;
  letter-spacing: 0.04em;
  text-transform: uppercase;
}

.hero-text {
  font-size: 1.2rem;
  color: var(--color-muted);
  max-width: 36rem;
}

.hero-actions {
  display: flex;
  flex-wrap: wrap;
  gap: 0.8rem;
  margin-top: 2rem;
}


/* Sections */
.section {
  padding: clamp(4rem, 8vw, 6.5rem) 0;
}

.section:nth-of-type(even) {
  background: var(--color-surface);
}

.section-head {
  max-width: 40rem;
  margin-bottom: 2.8rem;
}

.section-head p,
.meta {
  color: var(--color-muted);
}

.grid {
  display: grid;
  gap: 1.5rem;
}

.cards {
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr));
}

.card,
.quote,
.plan,
.product,
.member {
  margin: 0;
  padding: 1.8rem;
  border-radius: var(--radius);
  background: var(--color-bg);
  border: 1px solid var(--color-border);
  box-shadow: var(--shadow);
  transition: transform 0.25s ease;
}

.card:hover,
.product:hover,
.member:hover {
  transform: translateY(-4px);
}

.card p,
.product p,
.member p {
  color: var(--color-muted);
}

.card-icon {
  display: grid;
  place-items: center;
  width: 3rem;
  height: 3rem;
  margin-bottom: 1.2rem;
  border-radius: 14px;
  background: var(--primary-soft);
  color: var(--color-primary);
}

.icon {
  width: 1.4rem;
  height: 1.4rem;
  fill: none;
  stroke: currentColor;
  stroke-width: 2;
  stroke-linecap: round;
  stroke-linejoin: round;
}

/* Art tiles: gradients instead of photos, so the site works offline */
.product-art, .post-art { background: repeating-linear-gradient(135deg, var(--primary-soft) 0 2px, transparent 2px 14px), var(--color-surface); color: var(--color-primary-ink); }

/* A block asked for without a section of its own (brief/extras.ts) */
.extra-block {
  margin-top: 2.5rem;
  padding: 1.25rem 1.5rem;
  border-left: 4px solid var(--color-primary);
  background: var(--primary-soft);
  border-radius: 0.5rem;
}

.extra-block p {
  margin: 0.25rem 0 0;
  color: var(--color-muted);
}

/* About */
.about-grid {
  display: grid;
  grid-template-columns: 1.3fr 1fr;
  gap: 3rem;
  align-items: center;
}

.about-text p {
  color: var(--color-muted);
  font-size: 1.1rem;
}

.facts {
  display: grid;
  gap: 1.5rem;
  padding: 1.5rem 1.75rem;
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  background: var(--color-bg);
}

.facts dl {
  display: grid;
  gap: 0.75rem;
  margin: 0;
}

.facts dt,
.hours caption {
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.1em;
  text-transform: uppercase;
  color: var(--color-muted);
  text-align: left;
}

.facts dd {
  margin: 0;
  font-size: 1.15rem;
  font-weight: 600;
}

/* No tabular figures here: some faces (Lora) widen the space with them, and "de martes a domingo"
   came out gapped. */
.hours {
  width: 100%;
  border-collapse: collapse;
}

.hours caption {
  padding-bottom: 0.4rem;
}

.hours th,
.hours td {
  padding: 0.45rem 0;
  border-top: 1px solid var(--color-border);
  text-align: left;
  vertical-align: top;
}

.hours th {
  padding-right: 1rem;
  font-weight: 600;
}

/* Editor-only placeholders (never published, ADR 0252) */
[data-placeholder="editor"] {
  outline: 2px dashed color-mix(in srgb, var(--color-text) 35%, transparent);
  outline-offset: -0.75rem;
}

/* A navigation entry is too small for an inner outline: it is drawn around it. */
.nav-links [data-placeholder="editor"] {
  outline-offset: 2px;
}

.placeholder-note {
  display: inline-block;
  margin: 0 0 1.5rem;
  padding: 0.5rem 0.9rem;
  border-radius: 6px;
  background: #fff3bf;
  color: #3d3200;
  font: 600 0.9rem/1.4 system-ui, sans-serif;
}

.tile-empty {
  display: grid;
  place-items: center;
  color: var(--color-primary-ink);
  background: repeating-linear-gradient(135deg, var(--primary-soft) 0 2px, transparent 2px 14px), var(--color-surface);
}

.tile-empty .icon {
  width: 3rem;
  height: 3rem;
  stroke-width: 1.4;
}

/* Menu */
.menu-list {
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 320px), 1fr));
  gap: 1.2rem 3rem;
  list-style: none;
  margin: 0;
  padding: 0;
}

.menu-line {
  display: flex;
  align-items: baseline;
  gap: 0.6rem;
}

.menu-line h3 {
  margin: 0;
}

.dots {
  flex: 1;
  border-bottom: 2px dotted var(--color-border);
}

.price {
  font-weight: 800;
  color: var(--color-primary);
  white-space: nowrap;
}

.menu-item p {
  color: var(--color-muted);
  margin: 0.3rem 0 0;
}

/* Products and posts */
.products-grid {
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
}

.product-art,
.post-art {
  height: 180px;
  margin: -1.8rem -1.8rem 1.4rem;
  border-radius: var(--radius) var(--radius) 0 0;
}

.product-foot {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
}

/* Schedule */
.timeline {
  list-style: none;
  margin: 0;
  padding: 0;
  border-left: 3px solid var(--primary-soft);
}

.timeline-item {
  display: flex;
  gap: 1.5rem;
  padding: 0 0 1.8rem 1.5rem;
  position: relative;
}

.timeline-item::before {
  content: "";
  position: absolute;
  left: -0.6rem;
  top: 0.35rem;
  width: 1rem;
  height: 1rem;
  border-radius: 50%;
  background: var(--color-primary);
}

.time {
  min-width: 4rem;
  font-weight: 800;
  color: var(--color-primary);
}

.timeline-item p {
  color: var(--color-muted);
  margin: 0;
}

/* Gallery */
.gallery-grid {
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  grid-auto-rows: 220px;
  grid-auto-flow: dense;
  gap: 1rem;
}

.tile {
  position: relative;
  margin: 0;
  border-radius: var(--radius);
  overflow: hidden;
  transition: transform 0.3s ease;
}

.tile:first-child {
  grid-row: span 2;
  grid-column: span 2;
}

.tile:hover {
  transform: scale(1.02);
}

.tile figcaption {
  position: absolute;
  inset: auto 0 0;
  padding: 1rem 1.2rem;
  color: #fff;
  font-weight: 700;
  background: linear-gradient(transparent, rgb(0 0 0 / 0.55));
}

/* Pricing */
.pricing-grid {
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 250px), 1fr));
  align-items: stretch;
}

.plan {
  position: relative;
  display: flex;
  flex-direction: column;
}

.plan .btn {
  margin-top: auto;
}

.plan-featured {
  border: 2px solid var(--color-primary);
  transform: scale(1.03);
}

.badge {
  position: absolute;
  top: -0.8rem;
  right: 1.5rem;
  padding: 0.25rem 0.8rem;
  border-radius: 999px;
  background: var(--color-primary);
  color: var(--on-primary);
  font-size: 0.8rem;
  font-weight: 700;
}

.plan-price strong {
  font-size: 2.6rem;
}

.plan-price span {
  color: var(--color-muted);
}

.checks {
  list-style: none;
  padding: 0;
  margin: 0 0 1.8rem;
}

.checks li {
  padding: 0.35rem 0 0.35rem 1.8rem;
  position: relative;
}

.checks li::before {
  content: "✓";
  position: absolute;
  left: 0;
  color: var(--color-accent);
  font-weight: 800;
}

/* Testimonials and team */
.quote blockquote {
  margin: 0 0 1.4rem;
  font-size: 1.1rem;
}

.quote figcaption {
  display: flex;
  align-items: center;
  gap: 0.8rem;
}

.quote small {
  display: block;
  color: var(--color-muted);
}

.avatar {
  display: grid;
  place-items: center;
  flex: none;
  width: 2.8rem;
  height: 2.8rem;
  border-radius: 50%;
  background: linear-gradient(135deg, var(--color-primary), var(--color-accent));
  color: var(--on-primary);
  font-weight: 800;
}

.avatar-large {
  width: 5rem;
  height: 5rem;
  margin-bottom: 1rem;
  font-size: 1.4rem;
}

.team-grid {
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 210px), 1fr));
  text-align: center;
}

.member .avatar-large {
  margin-inline: auto;
}

/* FAQ */
.faq-list {
  max-width: 48rem;
}

.faq-list details {
  border-bottom: 1px solid var(--color-border);
  padding: 1.2rem 0;
}

.faq-list summary {
  cursor: pointer;
  font-weight: 700;
  font-size: 1.1rem;
}

.faq-list details p {
  color: var(--color-muted);
  margin: 0.8rem 0 0;
}

/* Contact */
.contact-grid {
  display: grid;
  grid-template-columns: 1fr 1.2fr;
  gap: 3rem;
}

.info-list {
  list-style: none;
  padding: 0;
  margin: 2rem 0 0;
  display: grid;
  gap: 1rem;
}

.info-list li {
  display: flex;
  align-items: center;
  gap: 0.8rem;
  color: var(--color-muted);
}

.info-list .icon {
  color: var(--color-primary);
}

.contact-form {
  display: grid;
  gap: 1rem;
  padding: 2rem;
  border-radius: var(--radius);
  background: var(--color-bg);
  border: 1px solid var(--color-border);
  box-shadow: var(--shadow);
}

.contact-form label {
  display: grid;
  gap: 0.4rem;
  font-weight: 600;
  font-size: 0.95rem;
}

.contact-form input,
.contact-form textarea {
  font: inherit;
  padding: 0.8rem 1rem;
  border-radius: 12px;
  border: 1px solid var(--color-border);
  background: var(--color-surface);
  color: var(--color-text);
}

.contact-form input:focus,
.contact-form textarea:focus {
  outline: 2px solid var(--color-primary);
  border-color: transparent;
}

.form-status {
  margin: 0;
  color: var(--color-accent);
  font-weight: 600;
}

/* Footer */
.footer {
  padding: 2.5rem 0;
  border-top: 1px solid var(--color-border);
  color: var(--color-muted);
}

.footer-inner {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
}

.footer p {
  margin: 0;
}

/* Toast (cart) */
.toast {
  position: fixed;
  left: 50%;
  bottom: 1.5rem;
  transform: translate(-50%, 150%);
  padding: 0.8rem 1.4rem;
  border-radius: 999px;
  background: var(--color-text);
  color: var(--color-bg);
  font-weight: 600;
  transition: transform 0.3s ease;
  z-index: 30;
}

.toast.show {
  transform: translate(-50%, 0);
}

/* Reveal on scroll (only once the script runs: without it everything stays visible) */
.js .reveal {
  opacity: 0;
  transform: translateY(18px);
  transition: opacity 0.6s ease, transform 0.6s ease;
}

.js .reveal.visible {
  opacity: 1;
  transform: none;
}

@media (prefers-reduced-motion: reduce) {
  html {
    scroll-behavior: auto;
  }
  .js .reveal {
    opacity: 1;
    transform: none;
    transition: none;
  }
}

/* Tablets and phones */
@media (max-width: 860px) {
  .hero-inner,
  .about-grid,
  .contact-grid {
    grid-template-columns: 1fr;
  }
  .gallery-grid {
    grid-template-columns: repeat(2, 1fr);
    grid-auto-rows: 170px;
  }
  /* Without the script the links wrap under the name; with it they collapse (.nav-compact). */
  html:not(.js) .nav-inner,
  html:not(.js) .nav-links {
    flex-wrap: wrap;
    white-space: normal;
  }
  .plan-featured {
    transform: none;
  }
}

@media (max-width: 520px) {
  .gallery-grid {
    grid-template-columns: 1fr;
  }
  .tile:first-child {
    grid-row: auto;
    grid-column: auto;
  }
}
`;
