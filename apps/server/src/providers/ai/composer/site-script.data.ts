/** script.js of a composed site: navigation, reveal on scroll and the year. No dependencies. */
export const siteScript = `// Navigation and reveal on scroll: plain JavaScript, no dependencies. Forms post as plain HTML.
document.documentElement.classList.add('js');

const toggle = document.querySelector('.nav-toggle');
const links = document.querySelector('.nav-links');
if (toggle && links) {
  toggle.addEventListener('click', () => {
    const open = links.classList.toggle('open');
    toggle.setAttribute('aria-expanded', String(open));
  });
  links.addEventListener('click', (event) => {
    if (event.target instanceof HTMLAnchorElement) {
      links.classList.remove('open');
      toggle.setAttribute('aria-expanded', 'false');
    }
  });
}

// Links collapse behind the button on tablets and phones, and at any width where they would not fit
// on one line beside the name.
const nav = document.querySelector('.nav');
const inner = document.querySelector('.nav-inner');
if (nav && links && inner) {
  const fit = () => {
    nav.classList.remove('nav-compact');
    const brand = inner.firstElementChild;
    const room = inner.clientWidth - (brand ? brand.getBoundingClientRect().width : 0) - 32;
    if (window.innerWidth <= 860 || links.scrollWidth > room) nav.classList.add('nav-compact');
  };
  fit();
  window.addEventListener('resize', fit);
  if (document.fonts) document.fonts.ready.then(fit);
}

const revealed = document.querySelectorAll('.reveal');
if ('IntersectionObserver' in window) {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) {
          entry.target.classList.add('visible');
          observer.unobserve(entry.target);
        }
      }
    },
    { threshold: 0.12 },
  );
  for (const element of revealed) observer.observe(element);
} else {
  for (const element of revealed) element.classList.add('visible');
}

for (const year of document.querySelectorAll('[data-year]')) {
  year.textContent = String(new Date().getFullYear());
}

`;
