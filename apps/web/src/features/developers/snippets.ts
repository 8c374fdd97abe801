/**
 * Code shown in the integration guide. The developer API (a later issue) serves `/v1` with
 * `Authorization: Bearer <key>` and ships the `@div/sdk` package; keep this module in step with it.
 */
export const API_BASE_URL = 'https://api.div.dev/v1';
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
    code: `import { Div } from '${SDK_PACKAGE}';

const div = new Div({ apiKey: process.env.DIV_API_KEY });`,
  },
  {
    id: 'rest',
    label: 'REST',
    language: 'bash',
    code: `export DIV_API_KEY="div_live_..."

curl ${API_BASE_URL}/usage \\
  -H "Authorization: Bearer $DIV_API_KEY"`,
  },
];

export const integrateSnippets: Snippet[] = [
  {
    id: 'sdk',
    label: 'SDK',
    language: 'typescript',
    code: `const site = await div.generate({
  prompt: 'Una landing para mi cafetería con menú y horarios',
});

for (const file of site.files) {
  console.log(file.path, file.content.length);
}`,
  },
  {
    id: 'curl',
    label: 'curl',
    language: 'bash',
    code: `curl -X POST ${API_BASE_URL}/generate \\
  -H "Authorization: Bearer $DIV_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"prompt": "Una landing para mi cafetería con menú y horarios"}'`,
  },
];
