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

// Every feature's strings, as the screens register them.
import.meta.glob(['../**/*locale*.ts', '../features/editor/files/tab-keys.ts'], { eager: true });

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

  it('the English locale keeps English', () => {
    const editor = bundles.filter((bundle) => bundle.namespace === 'editor').flatMap((bundle) => flatten(bundle.en));
    expect(editor).toContainEqual(['deploy.success', 'Deployment successful']);
    expect(editor).toContainEqual(['reset.confirm', "You're about to reset the editor. Are you sure?"]);
  });
});
