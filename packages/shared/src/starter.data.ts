/** The page a new space, and a reset, start from (spec: the editor's default files). */

const STARTER_HTML = `<!DOCTYPE html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Mi sitio</title>
    <link rel="stylesheet" href="style.css" />
  </head>
  <body>
    <main class="hero">
      <p class="eyebrow">Hecho con DIV</p>
      <h1>Tu sitio empieza aquí</h1>
      <p class="lead">Describe lo que quieres construir y la IA lo hará realidad, o edita estos archivos a mano.</p>
      <button id="saludo" type="button">Saludar</button>
      <p id="mensaje" class="message" aria-live="polite"></p>
    </main>
    <script src="script.js"></script>
  </body>
</html>
`;

const STARTER_CSS = `*,
*::before,
*::after {
  box-sizing: border-box;
}

body {
  margin: 0;
  min-height: 100vh;
  display: grid;
  place-items: center;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1f2937;
  background: linear-gradient(135deg, #eef2ff 0%, #fdf2f8 100%);
}

.hero {
  max-width: 40rem;
  padding: 3rem 1.5rem;
  text-align: center;
}

.eyebrow {
  margin: 0 0 0.75rem;
  font-size: 0.8rem;
  font-weight: 600;
  letter-spacing: 0.12em;
  text-transform: uppercase;
  color: #4f46e5;
}

h1 {
  margin: 0 0 1rem;
  font-size: clamp(2rem, 5vw, 3.25rem);
  line-height: 1.1;
}

.lead {
  margin: 0 0 2rem;
  font-size: 1.125rem;
  line-height: 1.6;
  color: #4b5563;
}

button {
  padding: 0.75rem 1.5rem;
  border: 0;
  border-radius: 999px;
  font: inherit;
  font-weight: 600;
  color: #fff;
  background: #4f46e5;
  cursor: pointer;
  transition: background 0.2s ease;
}

button:hover,
button:focus-visible {
  background: #4338ca;
}

.message {
  min-height: 1.5rem;
  margin-top: 1.25rem;
  color: #4b5563;
}
`;

const STARTER_JS = `document.getElementById('saludo').addEventListener('click', () => {
  document.getElementById('mensaje').textContent = '¡Hola! Tu sitio ya funciona.';
});
`;

/** A new space, and a reset, start from these files. */
export const defaultStarterFiles: readonly { path: string; content: string }[] = [
  { path: 'index.html', content: STARTER_HTML },
  { path: 'style.css', content: STARTER_CSS },
  { path: 'script.js', content: STARTER_JS },
];

/** True when the files are exactly the starter page: nothing has been built yet. */
export function isStarterSite(files: readonly { path: string; content: string }[]): boolean {
  if (files.length !== defaultStarterFiles.length) return false;
  return defaultStarterFiles.every((s) => files.some((f) => f.path === s.path && f.content === s.content));
}
