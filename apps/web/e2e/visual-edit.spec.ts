import { expect as baseExpect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { seriousViolations } from './fixtures/axe';
import { createSpace, preview, publishFromTools } from './fixtures/editor';
import { sessionToken, signIn } from './fixtures/sign-in';

/**
 * The visual edit mode (issue 24): changes made on the page itself land in the exact source range
 * they came from; each test compares the saved file with the original plus only the intended change.
 */
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const PAGE = `<!DOCTYPE html>
<html lang="es">
  <head>
    <meta charset="utf-8">
    <title>Panadería Luna</title>
    <link rel="stylesheet" href="style.css">
  </head>
  <body>
    <header class="top">
      <h1 class="brand">Panadería Luna</h1>
      <nav><a href="#pan" class="nav-link">Nuestro pan</a> <a href="#contacto" class="nav-link">Contacto</a></nav>
    </header>
    <main>
      <p class="lead">Pan de masa madre, horneado cada mañana.</p>
      <ul class="list">
        <li>Hogaza</li>
        <li>Baguette</li>
        <li>Centeno</li>
      </ul>
      <button id="saludo" type="button" class="cta">Reservar</button>
      <p id="mensaje"></p>
      <div id="ofertas"></div>
    </main>
    <script src="script.js"></script>
  </body>
</html>
`;
const SCRIPT = `document.getElementById('saludo').addEventListener('click', () => {});
document.getElementById('ofertas').innerHTML = '<p class="oferta">Oferta del día: croissants</p>';
`;

async function api(page: Page) {
  return { authorization: `Bearer ${await sessionToken(page)}` };
}

async function setUp(page: Page, name: string, page0 = PAGE) {
  await signIn(page, 'Visual');
  const spaceId = await createSpace(page, `${name} ${Math.random().toString(36).slice(2, 7)}`);
  const headers = await api(page);
  const { revision } = await (await page.request.get(`/api/spaces/${spaceId}`, { headers })).json();
  const saved = await page.request.put(`/api/spaces/${spaceId}/files`, {
    headers,
    data: {
      revision,
      files: [
        { path: 'index.html', content: page0 },
        { path: 'script.js', content: SCRIPT },
      ],
    },
  });
  expect(saved.status()).toBe(200);
  await page.reload();
  await expect(preview(page).locator('h1')).toHaveText('Panadería Luna', { timeout: 30_000 });
  return spaceId;
}

async function serverFile(page: Page, spaceId: string, path = 'index.html') {
  const detail = await (await page.request.get(`/api/spaces/${spaceId}`, { headers: await api(page) })).json();
  return (detail.files as { id: string; content: string }[]).find((file) => file.id === path)?.content;
}

async function versions(page: Page, spaceId: string) {
  const detail = await (await page.request.get(`/api/spaces/${spaceId}`, { headers: await api(page) })).json();
  return detail.versions as { source: string }[];
}

async function startVisual(page: Page) {
  await page.getByTestId('visual-toggle').click();
  await expect(page.getByTestId('visual-panel')).toBeVisible();
  await expect(page.getByTestId('visual-panel')).toContainText('no gasta mensajes');
}

test("the preview's own controls sit above the frame, never over the site's header, keyboard reachable and axe-clean", async ({
  page,
}) => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    if (viewport.width === 1440) await setUp(page, 'Barra');
    else {
      await page.reload();
      // Below 1024 px the editor shows one pane at a time: the preview is a tab (waited for, not
      // merely looked for: just after the reload it may not be drawn yet).
      const tab = page.getByRole('tab', { name: 'Vista previa' });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(preview(page).locator('h1')).toHaveText('Panadería Luna', { timeout: 30_000 });
    }
    const toggle = page.getByTestId('visual-toggle');
    await expect(toggle).toBeVisible();
    const control = await toggle.boundingBox();
    const frame = await page.getByTestId('preview-frame').boundingBox();
    if (!control || !frame) throw new Error('no boxes');
    // Nothing of the toggle lies over the frame (where the site's logo and menu are).
    expect(control.y + control.height).toBeLessThanOrEqual(frame.y + 0.5);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  // The wide layout replaces the tabs and draws the preview's controls again: focus the new toggle,
  // not the one about to go (a CI run pressed Enter on it).
  await expect(page.getByRole('tab', { name: 'Vista previa' })).toBeHidden();
  await expect(page.getByTestId('visual-toggle')).toBeVisible();
  await page.getByTestId('visual-toggle').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('visual-toggle')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('visual-toggle')).toHaveAttribute('aria-pressed', 'false');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page, '[data-testid="preview-toolbar"]')).toEqual([]);
  }
});

test('edit a heading in place, undo and redo, one grouped version, kept after a reload', async ({ page }) => {
  const spaceId = await setUp(page, 'Texto');
  const messagesBefore = (await (await page.request.get('/api/user/profile', { headers: await api(page) })).json()).messagesUsed;
  await startVisual(page);
  const heading = preview(page).locator('h1');
  await heading.click();
  await expect(page.getByTestId('visual-selected')).toContainText('h1');
  await expect(heading).toHaveAttribute('contenteditable', 'plaintext-only');
  await page.keyboard.press('End');
  await page.keyboard.type(' y Sol');
  const saved = page.waitForResponse((r) => r.url().endsWith('/files') && r.request().method() === 'PUT');
  await page.keyboard.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(heading).toHaveText('Panadería Luna y Sol');
  const edited = PAGE.replace('<h1 class="brand">Panadería Luna</h1>', '<h1 class="brand">Panadería Luna y Sol</h1>');
  await expect.poll(() => serverFile(page, spaceId)).toBe(edited);

  // A second change in the same run: the list item.
  await preview(page).locator('li', { hasText: 'Baguette' }).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Chapata');
  await page.keyboard.press('Enter');
  const both = edited.replace('<li>Baguette</li>', '<li>Chapata</li>');
  await expect.poll(() => serverFile(page, spaceId)).toBe(both);

  // Undo and redo from the keyboard (focus in the editor, outside any field).
  await page.getByTestId('visual-panel').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await expect.poll(() => serverFile(page, spaceId)).toBe(edited);
  await expect(preview(page).locator('li').nth(1)).toHaveText('Baguette');
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(() => serverFile(page, spaceId)).toBe(both);

  // Leaving the mode closes the run as an "Edición visual" version: the four changes (two texts, an
  // undo and a redo) make fewer versions than changes (one, unless the machine was slow enough to
  // let the run pause in between); no message was charged.
  await page.getByTestId('visual-toggle').click();
  const visualVersions = async () => (await versions(page, spaceId)).filter((v) => v.source === 'visual').length;
  await expect.poll(visualVersions).toBeGreaterThan(0);
  expect(await visualVersions()).toBeLessThan(4);
  const profile = await (await page.request.get('/api/user/profile', { headers: await api(page) })).json();
  expect(profile.messagesUsed).toBe(messagesBefore);

  await page.reload();
  await expect(preview(page).locator('h1')).toHaveText('Panadería Luna y Sol', { timeout: 30_000 });
  await expect(preview(page).locator('li').nth(1)).toHaveText('Chapata');
  await page.getByTestId('tools-button').click();
  await expect(page.getByRole('dialog').getByText('Edición visual').first()).toBeVisible();
});

test("a button's colour, a link and a deletion each change only their own bytes; a script's element is refused", async ({
  page,
}) => {
  const spaceId = await setUp(page, 'Estilo');
  await startVisual(page);
  const panel = page.getByTestId('visual-panel');

  // Button background: an inline style on that button only (ADR 0200).
  await preview(page).locator('#saludo').click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('visual-selected')).toContainText('button');
  await panel.getByLabel('Fondo').fill('#dc2626');
  const red = PAGE.replace(
    '<button id="saludo" type="button" class="cta">Reservar</button>',
    '<button id="saludo" type="button" class="cta" style="background-color: #dc2626">Reservar</button>',
  );
  await expect.poll(() => serverFile(page, spaceId)).toBe(red);
  await expect(preview(page).locator('#saludo')).toHaveCSS('background-color', 'rgb(220, 38, 38)');
  await page.screenshot({ path: '/tmp/div-visual-edit.png' });

  // A link: its address and a new tab.
  await preview(page).locator('a', { hasText: 'Contacto' }).click();
  await page.keyboard.press('Escape');
  await panel.getByLabel('Dirección del enlace').fill('https://example.com/contacto');
  await panel.getByLabel('Dirección del enlace').press('Enter');
  await panel.getByLabel('Abrir en una pestaña nueva').check();
  const linked = red.replace(
    '<a href="#contacto" class="nav-link">Contacto</a>',
    '<a href="https://example.com/contacto" class="nav-link" target="_blank">Contacto</a>',
  );
  await expect.poll(() => serverFile(page, spaceId)).toBe(linked);

  // Delete the first list item: its whole line goes, nothing else.
  await preview(page).locator('li', { hasText: 'Hogaza' }).click();
  await page.keyboard.press('Escape');
  // Moving says where it moves ("Subir" also meant "upload an image": issue 43).
  await expect(panel.getByRole('button', { name: 'Mover arriba' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Mover abajo' })).toBeVisible();
  await panel.getByRole('button', { name: 'Eliminar' }).click();
  const deleted = linked.replace('        <li>Hogaza</li>\n', '');
  await expect.poll(() => serverFile(page, spaceId)).toBe(deleted);
  await expect(preview(page).locator('li')).toHaveCount(2);

  // The offer paragraph is written by script.js: no edit, a clear message instead.
  await preview(page).locator('.oferta').click();
  await expect(page.getByText('Este elemento lo genera un script').first()).toBeVisible();
  expect(await serverFile(page, spaceId)).toBe(deleted);
  expect(await serverFile(page, spaceId, 'script.js')).toBe(SCRIPT);
});

test('a visual edit is live after publishing', async ({ page, context, baseURL }) => {
  const spaceId = await setUp(page, 'Publicar');
  await startVisual(page);
  await preview(page).locator('.lead').click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Abierto de lunes a sábado.');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => serverFile(page, spaceId))
    .toBe(PAGE.replace('Pan de masa madre, horneado cada mañana.', 'Abierto de lunes a sábado.'));
  const site = await context.newPage();
  await site.goto(await publishFromTools(page, baseURL));
  await expect(site.locator('.lead')).toHaveText('Abierto de lunes a sábado.');
  // The published page carries no source marks: they exist in the preview's copy only.
  expect(await site.content()).not.toContain('data-div-src');
});

/** A real picture of `width`×`height` in `format`, whatever it is called. */
const picture = (width: number, height: number, colour: string, format: 'jpeg' | 'png') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#fde68a"/></svg>`,
        ),
      },
    ])
    [format]()
    .toBuffer();

/** Hands the page a DataTransfer holding one image file, as a drop or a paste carries it. */
const transferOf = (page: Page, name: string, type: string, bytes: Buffer) =>
  page.evaluateHandle(
    ({ name, type, base64 }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type }));
      return transfer;
    },
    { name, type, base64: bytes.toString('base64') },
  );

test('own images: uploaded from the panel, dropped and pasted; one replaces an image in place, kept after a reload and live with srcset', async ({
  page,
  context,
  baseURL,
}) => {
  const withImage = PAGE.replace(
    '      <p class="lead">',
    '      <img class="hero" src="foto-vieja.jpg" alt="Pan recién hecho">\n      <p class="lead">',
  );
  const spaceId = await setUp(page, 'Imágenes', withImage);
  const images = page.getByTestId('images-section');

  // From the image panel's upload button.
  await page.getByTestId('image-upload-input').setInputFiles({
    name: 'horno.jpg',
    mimeType: 'image/jpeg',
    buffer: await picture(1200, 800, '#b45309', 'jpeg'),
  });
  await expect(images.getByText('horno.jpg')).toBeVisible();
  // Dropped on the editor.
  const dropped = await transferOf(page, 'mostrador.png', 'image/png', await picture(640, 480, '#1d4ed8', 'png'));
  await page.dispatchEvent('[data-testid="images-section"]', 'drop', { dataTransfer: dropped });
  await expect(images.getByText('mostrador.png')).toBeVisible();
  // Pasted.
  const pasted = await transferOf(page, 'pegada.png', 'image/png', await picture(300, 200, '#15803d', 'png'));
  await page.evaluate((clipboardData) => {
    window.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, pasted);
  await expect(images.getByText('pegada.png')).toBeVisible();
  const listed = await (await page.request.get(`/api/spaces/${spaceId}/images`, { headers: await api(page) })).json();
  expect((listed.images as { name: string }[]).map((i) => i.name).sort()).toEqual(['horno.jpg', 'mostrador.png', 'pegada.png']);
  // Nothing was written into the files by uploading.
  expect(await serverFile(page, spaceId)).toBe(withImage);

  // Replace the page's image with the uploaded one in the visual edit mode: only its src changes.
  await startVisual(page);
  const hero = preview(page).locator('img.hero');
  await hero.click();
  await expect(page.getByTestId('visual-selected')).toContainText('img');
  await page.getByTestId('visual-panel').getByLabel('Reemplazar por una de tus imágenes').selectOption('images/horno.jpg');
  const replaced = withImage.replace('src="foto-vieja.jpg"', 'src="images/horno.jpg"');
  await expect.poll(() => serverFile(page, spaceId)).toBe(replaced);
  const loaded = (image: typeof hero) => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth);
  await expect.poll(() => loaded(hero)).toBeGreaterThan(0);
  expect(await hero.getAttribute('src')).toMatch(/\/preview\/images\/[^/]+\/[0-9a-f]{32}-\d+\.webp$/);
  await page.getByTestId('visual-toggle').click();

  // Kept after a reload: the file and the preview.
  await page.reload();
  await expect(preview(page).locator('h1')).toHaveText('Panadería Luna', { timeout: 30_000 });
  await expect.poll(() => loaded(preview(page).locator('img.hero'))).toBeGreaterThan(0);
  expect(await serverFile(page, spaceId)).toBe(replaced);

  // Published: served from the site's own origin, immutable, with srcset, width and height.
  const siteUrl = await publishFromTools(page, baseURL);
  const site = await context.newPage();
  await site.goto(siteUrl);
  const live = site.locator('img.hero');
  await expect.poll(() => loaded(live)).toBeGreaterThan(0);
  const src = (await live.getAttribute('src')) as string;
  expect(src).toMatch(/^\/_div\/images\/[0-9a-f]{32}-960\.webp$/);
  expect((await live.getAttribute('srcset'))?.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['480w', '960w', '1200w']);
  expect([await live.getAttribute('width'), await live.getAttribute('height'), await live.getAttribute('alt')]).toEqual([
    '1200',
    '800',
    'Pan recién hecho',
  ]);
  // Fetched by the site's own page: the same origin.
  const served = await site.evaluate(async (path) => {
    const response = await fetch(path, { cache: 'no-store' });
    return [response.status, response.headers.get('content-type'), response.headers.get('cache-control'), response.url];
  }, src);
  expect(served).toEqual([200, 'image/webp', 'public, max-age=31536000, immutable', new URL(src, siteUrl).href]);

  // The storage they take shows on /usage.
  await page.goto('/usage');
  await expect(page.getByTestId('storage-used')).not.toHaveText('0 KB');
  await expect(page.getByTestId('storage-limit')).toHaveText('50 MB');
});

test('an extra page of a multi-file site: chosen in the preview, edited in place, only its own bytes change', async ({
  page,
}) => {
  const about = `<!DOCTYPE html>
<html lang="es">
  <head>
    <meta charset="utf-8">
    <title>Sobre nosotros</title>
    <link rel="stylesheet" href="style.css">
  </head>
  <body>
    <h1 class="brand">Sobre nosotros</h1>
    <p class="historia">Horneamos desde 1987 en el barrio.</p>
    <a href="index.html" class="nav-link">Volver</a>
  </body>
</html>
`;
  const spaceId = await setUp(page, 'Páginas');
  const headers = await api(page);
  const { revision } = await (await page.request.get(`/api/spaces/${spaceId}`, { headers })).json();
  expect(
    (
      await page.request.put(`/api/spaces/${spaceId}/files`, {
        headers,
        data: { revision, files: [{ path: 'about.html', content: about }] },
      })
    ).status(),
  ).toBe(200);
  await page.reload();
  await expect(preview(page).locator('h1')).toHaveText('Panadería Luna', { timeout: 30_000 });

  // The page picker passes axe in both themes.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page, '[data-testid="preview-page"]')).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByLabel('Página de la vista previa').selectOption('about.html');
  await expect(preview(page).locator('h1')).toHaveText('Sobre nosotros');
  await startVisual(page);
  const story = preview(page).locator('.historia');
  await story.click();
  await expect(page.getByTestId('visual-selected')).toContainText('p');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Horneamos desde 1987 en el barrio de Gràcia.');
  await page.keyboard.press('Enter');
  const edited = about.replace('Horneamos desde 1987 en el barrio.', 'Horneamos desde 1987 en el barrio de Gràcia.');
  await expect.poll(() => serverFile(page, spaceId, 'about.html')).toBe(edited);
  // A style on that page's link: its own start tag only.
  await preview(page).locator('a', { hasText: 'Volver' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('visual-panel').getByLabel('Fondo').fill('#fde68a');
  const styled = edited.replace(
    '<a href="index.html" class="nav-link">Volver</a>',
    '<a href="index.html" class="nav-link" style="background-color: #fde68a">Volver</a>',
  );
  await expect.poll(() => serverFile(page, spaceId, 'about.html')).toBe(styled);
  // The home page is untouched, and is what the preview shows again when chosen.
  expect(await serverFile(page, spaceId)).toBe(PAGE);
  await page.getByLabel('Página de la vista previa').selectOption('index.html');
  await expect(preview(page).locator('h1')).toHaveText('Panadería Luna');
  await page.getByTestId('visual-toggle').click();

  await page.reload();
  await page.getByLabel('Página de la vista previa').selectOption('about.html');
  await expect(preview(page).locator('.historia')).toHaveText('Horneamos desde 1987 en el barrio de Gràcia.', {
    timeout: 30_000,
  });
});
