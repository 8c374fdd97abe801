import { MEMBER_MESSAGES, membersResponseSchema, sharedSpacesResponseSchema } from '@div/shared/members';
import { spaceDetailResponseSchema } from '@div/shared/spaces';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema/users';
import { createTestApp, createTestUser, injectAs } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';

type User = Awaited<ReturnType<typeof createTestUser>>;

describe.each(testDrivers)('members, invitations and roles on %s (issue 25)', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: User;
  let ana: User;
  let bruno: User;
  let stranger: User;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await createTestApp(database, { COMPOSER_PACE: '0', PUBLIC_URL: 'https://div.example' });
    owner = await createTestUser(database, { plan: 'pro', name: 'Olga' });
    ana = await createTestUser(database, { name: 'Ana', email: `Ana.${Date.now()}@Example.test` });
    bruno = await createTestUser(database, { name: 'Bruno' });
    stranger = await createTestUser(database, { name: 'Extraño' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const call = (user: User | null, method: string, url: string, payload?: unknown) => injectAs(app, user, method, url, payload);

  async function spaceOf(user: User, name = 'Equipo') {
    return (await call(user, 'POST', '/api/spaces', { name })).json().space.id as string;
  }
  const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);
  /** Invites `user` with `role` and accepts as them; returns nothing, expects success. */
  async function join(spaceId: string, user: User, role: 'editor' | 'viewer', by = owner) {
    const invited = await call(by, 'POST', `/api/spaces/${spaceId}/invitations`, { email: user.email, role });
    expect(invited.statusCode, invited.body).toBe(201);
    const accepted = await call(user, 'POST', `/api/invitations/${tokenOf(invited.json().link)}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
  }
  const detailOf = async (user: User, spaceId: string) => {
    const res = await call(user, 'GET', `/api/spaces/${spaceId}`);
    return { status: res.statusCode, body: res.statusCode === 200 ? spaceDetailResponseSchema.parse(res.json()) : res.json() };
  };

  it('invites by email with a link that works once, after sign-in with the matching address', async () => {
    const spaceId = await spaceOf(owner, 'Panadería');
    const invited = await call(owner, 'POST', `/api/spaces/${spaceId}/invitations`, {
      email: ` ${ana.email.toUpperCase()} `,
      role: 'editor',
    });
    expect(invited.statusCode).toBe(201);
    const { invitation, link, emailed } = invited.json();
    expect(invitation).toMatchObject({ email: ana.email.toLowerCase(), role: 'editor' });
    expect(link).toMatch(/^https:\/\/div\.example\/invite\/[\w-]{40,}$/);
    expect(emailed).toBe(false);
    const token = tokenOf(link);

    // What the link is for, before signing in.
    const preview = await call(null, 'GET', `/api/invitations/${token}`);
    expect(preview.json()).toEqual({ spaceName: 'Panadería', inviter: 'Olga', role: 'editor', email: ana.email.toLowerCase() });
    expect((await call(null, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(401);
    // Someone else signed in cannot take it.
    const wrong = await call(bruno, 'POST', `/api/invitations/${token}/accept`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(MEMBER_MESSAGES.invitationOtherEmail);
    expect((await detailOf(bruno, spaceId)).status).toBe(404);

    const accepted = await call(ana, 'POST', `/api/invitations/${token}/accept`);
    expect(accepted.json()).toEqual({ spaceId, role: 'editor' });
    // Used once: the link is gone.
    expect((await call(ana, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/invitations/${token}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/invitations/made-up-token')).statusCode).toBe(404);

    const detail = await detailOf(ana, spaceId);
    expect(detail.body.access).toEqual({
      role: 'editor',
      owner: { id: owner.id, name: 'Olga', picture: null, plan: 'pro' },
      members: 1,
    });
    const shared = sharedSpacesResponseSchema.parse((await call(ana, 'GET', '/api/shared-spaces')).json());
    expect(shared.spaces.map((s) => [s.id, s.role, s.owner.name])).toEqual([[spaceId, 'editor', 'Olga']]);
    // Her own projects list stays hers.
    expect((await call(ana, 'GET', '/api/spaces')).json().spaces).toEqual([]);
  });

  it('lets the owner list, change and remove members and revoke invitations; a member can leave', async () => {
    const spaceId = await spaceOf(owner, 'Gestión');
    await join(spaceId, ana, 'editor');
    await join(spaceId, bruno, 'viewer');
    const pending = await call(owner, 'POST', `/api/spaces/${spaceId}/invitations`, {
      email: 'luego@example.test',
      role: 'viewer',
    });
    const invitationId = pending.json().invitation.id as string;

    const team = membersResponseSchema.parse((await call(owner, 'GET', `/api/spaces/${spaceId}/members`)).json());
    expect(team.owner.name).toBe('Olga');
    expect(team.members.map((m) => [m.name, m.role])).toEqual([
      ['Ana', 'editor'],
      ['Bruno', 'viewer'],
    ]);
    expect(team.invitations.map((i) => i.email)).toEqual(['luego@example.test']);
    // Members see the team, not the pending invitations; strangers see nothing.
    const seen = membersResponseSchema.parse((await call(bruno, 'GET', `/api/spaces/${spaceId}/members`)).json());
    expect(seen).toMatchObject({ role: 'viewer', invitations: [] });
    expect((await call(stranger, 'GET', `/api/spaces/${spaceId}/members`)).statusCode).toBe(404);

    // Only the owner manages the team.
    expect((await call(ana, 'PATCH', `/api/spaces/${spaceId}/members/${bruno.id}`, { role: 'editor' })).statusCode).toBe(403);
    expect(
      (await call(ana, 'POST', `/api/spaces/${spaceId}/invitations`, { email: 'x@example.test', role: 'viewer' })).statusCode,
    ).toBe(403);
    expect((await call(ana, 'DELETE', `/api/spaces/${spaceId}/invitations/${invitationId}`)).statusCode).toBe(403);

    const changed = await call(owner, 'PATCH', `/api/spaces/${spaceId}/members/${bruno.id}`, { role: 'editor' });
    expect(changed.json().member).toMatchObject({ id: bruno.id, role: 'editor' });
    expect((await detailOf(bruno, spaceId)).body.access.role).toBe('editor');

    expect((await call(owner, 'DELETE', `/api/spaces/${spaceId}/invitations/${invitationId}`)).statusCode).toBe(204);
    expect((await call(owner, 'DELETE', `/api/spaces/${spaceId}/invitations/${invitationId}`)).statusCode).toBe(404);

    // Removed: the space is gone for her at once (her cached answers too).
    expect((await detailOf(ana, spaceId)).status).toBe(200);
    expect((await call(owner, 'DELETE', `/api/spaces/${spaceId}/members/${ana.id}`)).statusCode).toBe(204);
    expect((await detailOf(ana, spaceId)).status).toBe(404);
    const stillShared = (await call(ana, 'GET', '/api/shared-spaces')).json().spaces as { id: string }[];
    expect(stillShared.map((s) => s.id)).not.toContain(spaceId);

    // Bruno leaves by himself; the owner cannot leave.
    expect((await call(bruno, 'POST', `/api/spaces/${spaceId}/leave`)).statusCode).toBe(204);
    expect((await detailOf(bruno, spaceId)).status).toBe(404);
    expect((await call(owner, 'POST', `/api/spaces/${spaceId}/leave`)).statusCode).toBe(400);
    expect(membersResponseSchema.parse((await call(owner, 'GET', `/api/spaces/${spaceId}/members`)).json()).members).toEqual([]);
  });

  it('gives what each plan allows: pro a team, medium a few viewers, free and small no invitations', async () => {
    const free = await createTestUser(database, { plan: 'free' });
    const freeSpace = await spaceOf(free);
    const refused = await call(free, 'POST', `/api/spaces/${freeSpace}/invitations`, { email: ana.email, role: 'viewer' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: MEMBER_MESSAGES.planCannotInvite,
      openProModal: true,
      upsell: { reason: 'collaboration', plan: 'medium' },
    });

    const medium = await createTestUser(database, { plan: 'medium' });
    const mediumSpace = await spaceOf(medium);
    const editor = await call(medium, 'POST', `/api/spaces/${mediumSpace}/invitations`, { email: ana.email, role: 'editor' });
    expect(editor.json().message).toBe(MEMBER_MESSAGES.planRole);
    for (let i = 0; i < 3; i++) {
      const res = await call(medium, 'POST', `/api/spaces/${mediumSpace}/invitations`, {
        email: `v${i}@example.test`,
        role: 'viewer',
      });
      expect(res.statusCode).toBe(201);
    }
    // Inviting one of them again gives a new link and does not count twice.
    expect(
      (await call(medium, 'POST', `/api/spaces/${mediumSpace}/invitations`, { email: 'v0@example.test', role: 'viewer' }))
        .statusCode,
    ).toBe(201);
    const full = await call(medium, 'POST', `/api/spaces/${mediumSpace}/invitations`, {
      email: 'v9@example.test',
      role: 'viewer',
    });
    expect(full.statusCode).toBe(403);
    expect(full.json().message).toBe(MEMBER_MESSAGES.tooMany);

    const spaceId = await spaceOf(owner);
    expect(
      (await call(owner, 'POST', `/api/spaces/${spaceId}/invitations`, { email: 'no es correo', role: 'viewer' })).statusCode,
    ).toBe(400);
    const self = await call(owner, 'POST', `/api/spaces/${spaceId}/invitations`, { email: owner.email, role: 'viewer' });
    expect(self.json().message).toBe(MEMBER_MESSAGES.inviteSelf);
    await join(spaceId, bruno, 'viewer');
    expect(
      (await call(owner, 'POST', `/api/spaces/${spaceId}/invitations`, { email: bruno.email, role: 'editor' })).statusCode,
    ).toBe(409);
  });

  it('a viewer reads but cannot save, generate, restore, deploy or export; an editor can, on the owner’s allowance', async () => {
    const spaceId = await spaceOf(owner, 'Roles');
    await join(spaceId, ana, 'editor');
    await join(spaceId, bruno, 'viewer');
    const revision = (await detailOf(owner, spaceId)).body.revision as number;
    const versionId = (await detailOf(owner, spaceId)).body.versions[0].id as string;

    // The viewer reads everything a reader may…
    expect((await detailOf(bruno, spaceId)).body.access.role).toBe('viewer');
    expect((await call(bruno, 'GET', `/api/spaces/${spaceId}/versions`)).statusCode).toBe(200);
    expect((await call(bruno, 'GET', `/api/spaces/${spaceId}/versions/${versionId}`)).statusCode).toBe(200);
    // …and changes nothing.
    const refusals = [
      ['PUT', `/api/spaces/${spaceId}/files`, { revision, files: [{ path: 'index.html', content: 'x' }] }],
      ['POST', '/api/ask-ai/generate-separate-files', { prompt: 'Una panadería', spaceId }],
      ['POST', `/api/spaces/${spaceId}/versions/${versionId}/restore`],
      ['POST', `/api/spaces/${spaceId}/reset`],
      ['POST', '/api/deploy', { spaceId }],
      ['GET', `/api/spaces/${spaceId}/export`],
      ['GET', `/api/sites/${spaceId}/analytics`],
      ['PATCH', `/api/spaces/${spaceId}`, { name: 'otro' }],
      ['DELETE', `/api/spaces/${spaceId}`],
    ] as const;
    for (const [method, url, body] of refusals) {
      const res = await call(bruno, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(
        method === 'PATCH' || method === 'DELETE' ? MEMBER_MESSAGES.ownerOnly : MEMBER_MESSAGES.roleTooLow,
      );
    }
    expect((await detailOf(owner, spaceId)).body.revision).toBe(revision);

    // The editor generates and saves; the generation spends the owner's message, not hers.
    const used = async (user: User) =>
      (await database.db.select({ used: users.messagesUsed }).from(users).where(eq(users.id, user.id)))[0]?.used ?? 0;
    const [ownerBefore, anaBefore] = [await used(owner), await used(ana)];
    const generated = await call(ana, 'POST', '/api/ask-ai/generate-separate-files', {
      prompt: 'Una panadería artesanal',
      spaceId,
    });
    expect(generated.statusCode, generated.body).toBe(200);
    expect(generated.body).toContain('"type":"done"');
    expect(await used(owner)).toBe(ownerBefore + 1);
    expect(await used(ana)).toBe(anaBefore);
    const current = (await detailOf(ana, spaceId)).body.revision as number;
    const saved = await call(ana, 'PUT', `/api/spaces/${spaceId}/files`, {
      revision: current,
      files: [{ path: 'about.html', content: '<h1>Hola</h1>' }],
    });
    expect(saved.statusCode).toBe(200);
    // Who made each version shows in the history, for everyone in the space.
    const versions = (await detailOf(bruno, spaceId)).body.versions as { source: string; author: { name: string } | null }[];
    expect(versions[0]).toMatchObject({ source: 'generation', author: { name: 'Ana' } });
    expect(versions.at(-1)).toMatchObject({ source: 'initial', author: null });
    const restored = await call(ana, 'POST', `/api/spaces/${spaceId}/versions/${versionId}/restore`);
    expect(restored.json().version.author).toMatchObject({ id: ana.id, name: 'Ana' });
    expect((await call(ana, 'POST', '/api/deploy', { spaceId })).statusCode).toBe(200);
    // Owner-only stays the owner's.
    for (const [method, url] of [
      ['DELETE', `/api/spaces/${spaceId}`],
      ['PATCH', `/api/spaces/${spaceId}`],
      ['PUT', `/api/sites/${spaceId}/slug`],
    ] as const) {
      const res = await call(
        ana,
        method,
        url,
        method === 'PUT' ? { slug: 'robado-123' } : method === 'PATCH' ? { public: true } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('members see the owner’s changes at once (the per-user answer caches follow the shared space)', async () => {
    const spaceId = await spaceOf(owner, 'Al momento');
    await join(spaceId, bruno, 'viewer');
    const before = await detailOf(bruno, spaceId);
    const saved = await call(owner, 'PUT', `/api/spaces/${spaceId}/files`, {
      revision: before.body.revision,
      files: [{ path: 'index.html', content: '<h1>Nuevo</h1>' }],
    });
    expect(saved.statusCode).toBe(200);
    const after = await detailOf(bruno, spaceId);
    expect(after.body.revision).toBe(saved.json().revision);
    expect(after.body.files.find((f: { id: string }) => f.id === 'index.html')?.content).toBe('<h1>Nuevo</h1>');
    await call(owner, 'PATCH', `/api/spaces/${spaceId}`, { name: 'Renombrado' });
    expect((await detailOf(bruno, spaceId)).body.space.name).toBe('Renombrado');
    expect(
      (await call(bruno, 'GET', '/api/shared-spaces')).json().spaces.find((s: { id: string }) => s.id === spaceId)?.name,
    ).toBe('Renombrado');
  });
});
