import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestApp } from '../../test/app';
import { openTestDatabase } from '../../test/db';

/** Every route of the developer API: the document must list each, with its request and response schemas. */
export const V1_ROUTES = [
  ['post', '/v1/generate', 'body'],
  ['post', '/v1/spaces/{id}/edit', 'body'],
  ['get', '/v1/spaces', null],
  ['post', '/v1/spaces', 'body'],
  ['delete', '/v1/spaces/{id}', 'params'],
  ['get', '/v1/spaces/{id}/files', 'params'],
  ['get', '/v1/spaces/{id}/versions', 'params'],
  ['post', '/v1/spaces/{id}/deploy', 'params'],
  ['get', '/v1/spaces/{id}/submissions', 'params'],
  ['get', '/v1/spaces/{id}/submissions/{submissionId}', 'params'],
  ['delete', '/v1/spaces/{id}/submissions/{submissionId}', 'params'],
  ['get', '/v1/spaces/{id}/checks', 'params'],
  ['post', '/v1/spaces/{id}/checks/fix', 'body'],
  ['get', '/v1/spaces/{id}/git', 'params'],
  ['put', '/v1/spaces/{id}/git', 'body'],
  ['patch', '/v1/spaces/{id}/git', 'body'],
  ['delete', '/v1/spaces/{id}/git', 'params'],
  ['post', '/v1/spaces/{id}/git/push', 'params'],
  ['post', '/v1/spaces/{id}/git/pull', 'params'],
  ['post', '/v1/spaces/{id}/git/resolve', 'body'],
  ['get', '/v1/usage', null],
] as const;

// biome-ignore lint/suspicious/noExplicitAny: walking an arbitrary JSON document
type Json = Record<string, any>;

describe('OpenAPI document', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let doc: Json;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await createTestApp(database);
    const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    doc = answer.json();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('is OpenAPI 3.1 with the bearer-key security scheme', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBe('DIV API');
    expect(typeof doc.info.version).toBe('string');
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ apiKey: [] }]);
  });

  it('lists every /v1 route and nothing of the app', () => {
    const listed = Object.entries(doc.paths as Json).flatMap(([path, ops]) =>
      Object.keys(ops as Json).map((m) => `${m} ${path}`),
    );
    expect(listed.sort()).toEqual(V1_ROUTES.map(([m, p]) => `${m} ${p}`).sort());
  });

  it.each(V1_ROUTES)('%s %s has its request and response schemas', (method, path, input) => {
    const op = doc.paths[path][method] as Json;
    expect(op.summary).toBeTruthy();
    if (input === 'body') {
      const schema = op.requestBody.content['application/json'].schema;
      expect(schema.type).toBe('object');
      expect(Object.keys(schema.properties).length).toBeGreaterThan(0);
    }
    if (path.includes('{id}')) {
      expect(op.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'id', required: true })]),
      );
    }
    const success = Object.keys(op.responses).find((s) => s.startsWith('2'));
    expect(success).toBeDefined();
    if (success !== '204') expect(op.responses[success as string].content['application/json'].schema).toBeTruthy();
    for (const status of ['401', '404', '429']) {
      const error = op.responses[status].content['application/json'].schema;
      expect(error.required).toEqual(expect.arrayContaining(['message', 'code']));
    }
  });

  it('documents the generation stream and the prompt contract of the app', () => {
    const op = doc.paths['/v1/generate'].post as Json;
    expect(op.requestBody.content['application/json'].schema.required).toContain('prompt');
    expect(op.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'query', name: 'stream' })]));
    expect(op.responses['200'].content['application/x-ndjson']).toBeDefined();
  });
});
