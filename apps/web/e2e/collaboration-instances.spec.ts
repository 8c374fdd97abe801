import { expect as baseExpect, test } from '@playwright/test';
import { type Cluster, startCluster } from './fixtures/cluster';
import { sessionToken } from './fixtures/sign-in';
import { accept, addressFor, codeOf, ownerWithSpace, person, typeAt } from './fixtures/team';

/**
 * Together across instances (issue 25): two DIV instances behind one PostgreSQL and one Redis, as
 * behind a load balancer. Olga works on the first, Ana on the second; they type into the same file
 * at the same time, both sets of keystrokes end up in both editors and in the saved files (read
 * through either instance), and each sees where the other is and the other's cursor.
 */

test.describe.configure({ mode: 'serial', timeout: 600_000 });
// Three servers, PostgreSQL, Redis and two browsers share the machine: generous waits.
const expect = baseExpect.configure({ timeout: 60_000 });

let cluster: Cluster;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  cluster = await startCluster();
});
test.afterAll(async () => {
  await cluster?.stop();
});

test('each person on a different instance: co-edit one file at once, see each other and each other’s cursor', async ({
  browser,
}) => {
  const [one, two] = cluster.instances;
  const olga = await person(browser, 'Olga', one.url);
  const anaEmail = addressFor('Ana');
  const { spaceId, links } = await ownerWithSpace(olga, 'Taller entre instancias', [{ email: anaEmail, role: 'editor' }]);
  expect(links[0]).toContain(one.url);
  const ana = await person(browser, 'Ana', two.url, anaEmail);
  // The link names the first instance; Ana opens it on hers.
  await accept(ana, links[0] ?? '');
  await olga.reload();

  await expect(olga.getByRole('listitem', { name: 'Ana · en index.html' })).toBeVisible();
  await expect(ana.getByRole('listitem', { name: 'Olga · en index.html' })).toBeVisible();

  await Promise.all([typeAt(olga, 'start', '<!-- olga en una -->'), typeAt(ana, 'first-line-end', '<!-- ana en dos -->')]);
  for (const page of [olga, ana]) {
    await expect.poll(() => codeOf(page)).toContain('<!-- olga en una -->');
    await expect.poll(() => codeOf(page)).toContain('<!-- ana en dos -->');
  }
  await expect(ana.locator('.cm-ySelectionInfo', { hasText: 'Olga' })).toBeAttached();
  await expect(olga.locator('.cm-ySelectionInfo', { hasText: 'Ana' })).toBeAttached();

  await expect(olga.getByTestId('save-status')).toHaveText('Guardado');
  await expect(ana.getByTestId('save-status')).toHaveText('Guardado');
  for (const [page, instance] of [
    [olga, one],
    [ana, two],
  ] as const) {
    const saved = await page.request.get(`${instance.url}/api/spaces/${spaceId}`, {
      headers: { authorization: `Bearer ${await sessionToken(page)}` },
    });
    const files = ((await saved.json()) as { files: { id: string; content: string }[] }).files;
    const html = files.find((f) => f.id === 'index.html')?.content;
    expect(html).toContain('<!-- olga en una -->');
    expect(html).toContain('<!-- ana en dos -->');
  }
});
