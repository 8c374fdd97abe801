import { expect as baseExpect, test } from '@playwright/test';
import { seriousViolations } from './fixtures/axe';
import { confirmPublishIfAsked, createSpace, openTools, preview, replaceCode } from './fixtures/editor';
import { addressFor, buyPlan, continueWithProvider, signIn } from './fixtures/sign-in';
import { invite } from './fixtures/team';

/**
 * Invite and roles (issue 25): a Pro owner invites an editor and a viewer by email from "Invitar";
 * each opens the link, signs in with the invited address and accepts; the space shows in their
 * "Compartidos conmigo"; the editor changes it (the history says who), the viewer cannot; the
 * owner removes the viewer, who loses the space at once.
 */

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

test('invite an editor and a viewer, accept, edit with roles, see who made each version, remove', async ({ browser }) => {
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, 'Olga');
  await buyPlan(owner, 'pro');
  await createSpace(owner, 'Panadería del barrio');
  await expect(owner.getByTestId('save-status')).toHaveText('Guardado');
  const spaceUrl = owner.url();

  await openTools(owner);
  await owner.getByRole('button', { name: 'Invitar' }).click();
  await expect(owner.getByRole('dialog', { name: 'Equipo del proyecto' })).toBeVisible();
  const anaEmail = addressFor('Ana');
  const brunoEmail = addressFor('Bruno');
  const anaLink = await invite(owner, anaEmail, 'editor');
  const brunoLink = await invite(owner, brunoEmail, 'viewer');
  await expect(owner.getByTestId('invitation-row')).toHaveCount(2);
  for (const theme of ['light', 'dark'] as const) {
    await owner.emulateMedia({ colorScheme: theme });
    expect(await seriousViolations(owner, '[role="dialog"]')).toEqual([]);
  }
  await owner.keyboard.press('Escape');

  // Ana opens her link signed out, signs in with the invited address, accepts and lands in the editor.
  const ana = await (await browser.newContext()).newPage();
  await ana.goto(anaLink);
  await expect(ana.getByText('Olga te invitó a «Panadería del barrio» como editor.')).toBeVisible();
  expect(await seriousViolations(ana, 'main')).toEqual([]);
  await ana.getByRole('button', { name: 'Inicia sesión para aceptar' }).click();
  await expect(ana).toHaveURL(/\/login$/);
  await continueWithProvider(ana, 'Ana', anaEmail);
  // Back on the invitation once signed in.
  await expect(ana).toHaveURL(anaLink, { timeout: 30_000 });
  await ana.getByRole('button', { name: 'Aceptar invitación' }).click();
  await expect(ana).toHaveURL(spaceUrl);
  await expect(ana.getByTestId('shared-badge')).toHaveText('De Olga · Editor');
  await expect(ana.getByTestId('allowance-owner')).toHaveText('Generas con los mensajes de Olga');
  // She generates (on Olga's messages): the new version is hers.
  const prompt = ana.getByLabel('Describe tu sitio o el cambio que quieres');
  await prompt.fill('Una web para una panadería de barrio con pan de masa madre');
  await prompt.press('Enter');
  await expect(ana.getByText('DIV ha terminado tu sitio')).toBeVisible({ timeout: 30_000 });
  await replaceCode(
    ana,
    '<!DOCTYPE html><html><body><h1>Hecho por Ana</h1><button id="saludo" hidden></button><p id="mensaje"></p><script src="script.js"></script></body></html>',
  );
  await expect(preview(ana).getByRole('heading', { name: 'Hecho por Ana' })).toBeVisible();
  await expect(ana.getByTestId('save-status')).toHaveText('Guardado');
  await openTools(ana);
  await ana.getByRole('button', { name: 'Publicar' }).click();
  await confirmPublishIfAsked(ana);
  await expect(ana.getByText(/Sitio publicado/)).toBeVisible();
  await ana.goto('/spaces');
  await expect(ana.getByTestId('shared-space-card')).toHaveAccessibleName(/^Panadería del barrio .*De Olga/);
  await expect(ana.getByTestId('shared-space-card')).toContainText('Editor');

  // Bruno, with the wrong account first: refused with the reason; then with his own.
  const bruno = await (await browser.newContext()).newPage();
  await signIn(bruno, 'Intruso');
  await bruno.goto(brunoLink);
  await bruno.getByRole('button', { name: 'Aceptar invitación' }).click();
  await expect(bruno.getByRole('alert')).toContainText('Esta invitación es para otra dirección de correo');
  const brunoPage = await (await browser.newContext()).newPage();
  await signIn(brunoPage, 'Bruno', brunoEmail);
  await brunoPage.goto(brunoLink);
  await brunoPage.getByRole('button', { name: 'Aceptar invitación' }).click();
  await expect(brunoPage).toHaveURL(spaceUrl);
  await expect(brunoPage.getByTestId('read-only-bar')).toContainText('Solo lectura');
  await expect(preview(brunoPage).getByRole('heading', { name: 'Hecho por Ana' })).toBeVisible();
  // The viewer types and nothing changes; there is no prompt bar, export or publish.
  await brunoPage.locator('.cm-content').click();
  await brunoPage.keyboard.type('XYZ');
  await expect(brunoPage.locator('.cm-content')).not.toContainText('XYZ');
  await expect(brunoPage.getByLabel('Describe tu sitio')).toHaveCount(0);
  await expect(brunoPage.getByRole('button', { name: 'Exportar', exact: true })).toBeHidden();
  await openTools(brunoPage);
  await expect(brunoPage.getByRole('button', { name: 'Publicar' })).toHaveCount(0);
  await expect(brunoPage.getByRole('button', { name: 'Restaurar' })).toHaveCount(0);
  // The history says who made each version.
  await expect(brunoPage.getByTestId('version-author').first()).toHaveText('por Ana ·');
  await brunoPage.keyboard.press('Escape');

  // The owner sees both, and removes Bruno: his space is gone at once.
  await owner.reload();
  await openTools(owner);
  await owner.getByRole('button', { name: 'Invitar' }).click();
  await expect(owner.getByTestId('member-row')).toHaveCount(2);
  await expect(owner.getByTestId('invitation-row')).toHaveCount(0);
  await owner.getByRole('button', { name: 'Quitar a Bruno' }).click();
  await expect(owner.getByTestId('member-row')).toHaveCount(1);
  await brunoPage.reload();
  await expect(brunoPage.getByText('Proyecto no encontrado')).toBeVisible();
});
