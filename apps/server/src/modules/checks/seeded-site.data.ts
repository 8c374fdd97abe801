import type { FileInput } from '@div/shared/spaces';
import type { CheckedImage } from './site';

/**
 * A site with a dozen known defects (issue 40, "Done when"), each at a known file and line; the
 * tests read the lines from `defects` below.
 */
const index = `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Panadería La Espiga</title>
<meta name="description" content="Pan de masa madre en Valencia.">
<link rel="stylesheet" href="style.css">
</head>
<body>
<header>
<nav><a href="#servicios">Servicios</a> <a href="precios.html">Precios</a> <a href="#reservas">Reservar</a> <a href="about.html">Nosotros</a> <a href="contact.html">Contacto</a></nav>
</header>
<main>
<h1>Panadería La Espiga</h1>
<section id="servicios"><h2>Servicios</h2><p>Pan, bollería y tartas por encargo.</p></section>
<section id="servicios"><h2>Horno</h2><p>Horneamos cada mañana a las seis.</p></section>
<h1>Nuestro pan</h1>
<img src="images/hogaza-de-centeno.webp">
<img src="images/no-existe.jpg" alt="Escaparate">
<section id="opiniones"><h2>Opiniones</h2><blockquote><p>Escribe aquí la opinión de un cliente.</p></blockquote></section>
<p class="nota">Abierto de lunes a <b><i>sábado</b></i>.</p>
</main>
</body>
</html>
`;

const about = `<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<title>Nosotros · La Espiga</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<main>
<h1>Nosotros</h1>
<p>Tres generaciones de panaderos en el barrio del Carmen.</p>
<a href="index.html">Volver</a>
</main>
</body>
</html>
`;

const contact = `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="description" content="Escríbenos para encargos.">
<link rel="stylesheet" href="style.css">
</head>
<body>
<main>
<h1>Contacto</h1>
<form>
<input type="email" name="email" placeholder="Tu correo">
<button type="submit">Enviar</button>
</form>
</main>
</body>
</html>
`;

const style = `:root {
  --ink: #1f2937;
  --paper: #ffffff;
}
body {
  color: var(--ink);
  background: var(--paper);
}
.hero {
  background-image: url(images/fondo.jpg);
}
.nota {
  color: #b0b0b0;
  background-color: #ffffff;
}
`;

export const seededFiles: FileInput[] = [
  { path: 'index.html', content: index },
  { path: 'about.html', content: about },
  { path: 'contact.html', content: contact },
  { path: 'style.css', content: style },
];

export const seededImages: CheckedImage[] = [
  {
    name: 'hogaza-de-centeno.webp',
    alt: '',
    width: 1200,
    height: 800,
    bytes: 90_000,
    variants: [
      { width: 480, height: 320, bytes: 20_000 },
      { width: 960, height: 640, bytes: 50_000 },
    ],
  },
];

/** The known defects: rule, file and line. */
export const defects: { rule: string; file: string; line: number }[] = [
  { rule: 'missing-lang', file: 'about.html', line: 2 },
  { rule: 'missing-description', file: 'about.html', line: 3 },
  { rule: 'missing-title', file: 'contact.html', line: 3 },
  { rule: 'broken-link', file: 'index.html', line: 12 },
  { rule: 'broken-anchor', file: 'index.html', line: 12 },
  { rule: 'image-alt', file: 'index.html', line: 19 },
  { rule: 'missing-image', file: 'index.html', line: 20 },
  { rule: 'missing-css-image', file: 'style.css', line: 10 },
  { rule: 'duplicate-id', file: 'index.html', line: 17 },
  { rule: 'single-h1', file: 'index.html', line: 18 },
  { rule: 'placeholder-text', file: 'index.html', line: 21 },
  { rule: 'unlabelled-control', file: 'contact.html', line: 12 },
  { rule: 'html-validity', file: 'index.html', line: 22 },
  { rule: 'contrast', file: 'style.css', line: 13 },
];
