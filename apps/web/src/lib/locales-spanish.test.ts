import { describe, expect, it, vi } from 'vitest';

type Strings = { [key: string]: string | Strings };
const { bundles } = vi.hoisted(() => ({ bundles: [] as { namespace: string; es: Strings; en: Strings }[] }));

vi.mock('./i18n', async (importOriginal) => {
  const original = await importOriginal<typeof import('./i18n')>();
  return {
    ...original,
    registerLocale: (namespace: string, bundle: { es: Strings; en: Strings }) => {
      bundles.push({ namespace, ...bundle });
      original.registerLocale(namespace, bundle);
    },
  };
});

// Every module that registers strings, as the screens load them (a few screens keep theirs beside
// the component); the last test below checks that no registering module is missed here.
const loaded = import.meta.glob(
  [
    '../**/*locale*.ts',
    '../features/editor/files/tab-keys.ts',
    '../features/loading/loading-page.tsx',
    '../features/social/social-redirect-page.tsx',
    '../features/collaboration/live/presence.tsx',
    '../features/avatar-demo/avatar-demo-page.tsx',
    '../features/not-found/not-found-page.tsx',
  ],
  { eager: true },
);
const sources = import.meta.glob(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx', '!./i18n.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
}) as Record<string, string>;

function flatten(strings: Strings, prefix = ''): [string, string][] {
  return Object.entries(strings).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );
}

// Words that only an English sentence carries (product names such as "Remix" or "Pro" are fine).
const ENGLISH =
  /\b(the|you|you're|your|are|is|was|failed|successful|successfully|loaded|please|sure|reached|wait|deployment|requires|could not|cannot|error loading)\b/i;

describe('the Spanish interface is Spanish throughout (issue 22)', () => {
  it('registers the features’ strings', () => {
    expect(bundles.length).toBeGreaterThan(10);
  });

  it('no Spanish string is an English sentence', () => {
    const english = bundles.flatMap(({ namespace, es }) =>
      flatten(es)
        .filter(([, text]) => ENGLISH.test(text.replace(/<[^>]+>|\{\{[^}]+\}\}/g, ' ')))
        .map(([key, text]) => `${namespace}.${key}: ${text}`),
    );
    expect(english).toEqual([]);
  });

  it('Spanish questions and exclamations open with their inverted mark', () => {
    const unopened = bundles.flatMap(({ namespace, es }) =>
      flatten(es)
        .filter(([, text]) => /^[^¿?]*\?/.test(text) || /^[^¡!]*!/.test(text))
        .map(([key, text]) => `${namespace}.${key}: ${text}`),
    );
    expect(unopened).toEqual([]);
  });

  it('Spanish titles, buttons and labels are in sentence case (issue 43)', () => {
    // A capital inside a short label is a name (of a product, plan, place or format), or English habit.
    const NAMES =
      /^(DIV|Google|GitHub|API|APIs|Stripe|WhatsApp|Pro|Free|Discord|Twitter|Instagram|TikTok|Reddit|LinkedIn|Facebook|OpenAI|OpenRouter|Ollama|DNS|CNAME|HTML|CSS|JavaScript|CSV|URL|SDK|IA|Git|Markdown|Enterprise|Growth|Scale|Starter|Pequeño|Mediano|Premium|Business|Local|Modo|Vista|Código|Publicar|Editar|Remix|ID|HTTPS|SMTP|PDF|JSON|Lucide|Yjs|Node|España|México|Madrid|Bearer|Webhooks?|Plan|Ajustes|Configuración|Proyectos|Dominios|Uso|Precios|Desarrolladores|Inicio|Aurora)$/;
    const titled = bundles.flatMap(({ namespace, es }) =>
      flatten(es)
        .filter(([, text]) => {
          const words = text
            .replace(/<[^>]+>|\{\{[^}]+\}\}/g, ' ')
            .split(/\s+/)
            .filter(Boolean);
          if (words.length < 2 || words.length > 6) return false;
          return words.some(
            (word, i) =>
              i > 0 && /^[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+$/.test(word) && !NAMES.test(word) && !/[.:?!«"“(]$/.test(words[i - 1] ?? ''),
          );
        })
        .map(([key, text]) => `${namespace}.${key}: ${text}`),
    );
    expect(titled).toEqual([]);
  });

  it('the English locale keeps English', () => {
    const editor = bundles.filter((bundle) => bundle.namespace === 'editor').flatMap((bundle) => flatten(bundle.en));
    expect(editor).toContainEqual(['deploy.success', 'Deployment successful']);
    expect(editor).toContainEqual(['reset.confirm', "You're about to reset the editor. Are you sure?"]);
  });

  it('reads every module that registers strings', () => {
    const registers = Object.entries(sources)
      .filter(([, source]) => /\bregisterLocale\(/.test(source))
      .map(([path]) => path);
    expect(registers.filter((path) => !(path in loaded))).toEqual([]);
    expect(Object.keys(loaded).length).toBeGreaterThan(10);
  });

  it('every string has both languages: the same keys in Spanish and in English', () => {
    const keys = (strings: Strings) =>
      flatten(strings)
        .map(([key]) => key.replace(/_(zero|one|two|few|many|other)$/, ''))
        .filter((key, i, all) => all.indexOf(key) === i)
        .sort();
    const missing = bundles.flatMap(({ namespace, es, en }) => {
      const spanish = keys(es);
      const english = keys(en);
      return [
        ...spanish.filter((key) => !english.includes(key)).map((key) => `${namespace}.${key}: no English`),
        ...english.filter((key) => !spanish.includes(key)).map((key) => `${namespace}.${key}: no Spanish`),
      ];
    });
    expect(missing).toEqual([]);
  });
});
