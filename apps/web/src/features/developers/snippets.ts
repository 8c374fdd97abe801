/**
 * Code shown in the integration guide: the real usage of `@div/sdk` (packages/sdk) and of the `/v1`
 * REST API with curl (`Authorization: Bearer <key>`). packages/sdk/README.md shows the same three
 * steps; keep both in step with the SDK and the API (apps/server/src/modules/developer-api).
 */
export const API_ORIGIN = typeof window !== 'undefined' ? window.location.origin : 'https://div.example';
export const API_BASE_URL = `${API_ORIGIN}/v1`;
export const SDK_PACKAGE = '@div/sdk';

export interface Snippet {
  id: string;
  label: string;
  language: 'bash' | 'typescript';
  code: string;
}

export const installSnippet: Snippet = {
  id: 'install',
  label: 'npm',
  language: 'bash',
  code: `npm install ${SDK_PACKAGE}`,
};

export const configureSnippets: Snippet[] = [
  {
    id: 'sdk',
    label: 'SDK',
    language: 'typescript',
    code: `import { DivClient } from '${SDK_PACKAGE}';

const div = new DivClient({
  apiKey: process.env.DIV_API_KEY ?? '',
  baseUrl: '${API_ORIGIN}',
});`,
  },
  {
    id: 'rest',
    label: 'REST',
    language: 'bash',
    code: `export DIV_API_KEY="div_..."

curl ${API_BASE_URL}/usage \\
  -H "Authorization: Bearer $DIV_API_KEY"`,
  },
];

export const integrateSnippets: Snippet[] = [
  {
    id: 'sdk',
    label: 'SDK',
    language: 'typescript',
    code: `const run = div.generate({
  prompt: 'Una landing para mi cafetería con menú y horarios',
});

for await (const event of run) {
  if (event.type === 'code') process.stdout.write(event.delta);
  if (event.type === 'error') throw new Error(event.message);
}

const { url } = await div.deploy(run.spaceId ?? '');
console.log('Publicado en', url);`,
  },
  {
    id: 'curl',
    label: 'curl',
    language: 'bash',
    code: `curl -X POST "${API_BASE_URL}/generate?stream=false" \\
  -H "Authorization: Bearer $DIV_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"prompt": "Una landing para mi cafetería con menú y horarios"}'

curl -X POST ${API_BASE_URL}/spaces/$SPACE_ID/deploy \\
  -H "Authorization: Bearer $DIV_API_KEY"`,
  },
];
