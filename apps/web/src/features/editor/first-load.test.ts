import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The editor's first load (everything its page imports statically) must not carry zod: the schemas
 * cost ~27 KB gzipped and ~30 ms of evaluation on the way to an interactive editor (ADR 0064).
 * Validation that the editor needs later (a generation's events) is imported when it starts.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const webSrc = path.resolve(here, '../..');
const sharedSrc = path.resolve(webSrc, '../../../packages/shared/src');

/** Value imports and re-exports of a module (type-only ones and dynamic import() are left out). */
function staticImports(source: string): string[] {
  const specifiers: string[] = [];
  const pattern = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(pattern)) {
    const [, keyword, typeOnly, specifier] = match;
    if (typeOnly || !specifier) continue;
    if (keyword === 'export' && !/^\s*export\s+(\*|\{)/.test(match[0])) continue;
    specifiers.push(specifier);
  }
  return specifiers;
}

function resolveModule(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@div/shared/')
    ? path.join(sharedSrc, specifier.slice('@div/shared/'.length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every package a module pulls in statically, with the chain of files that leads to each. */
function packagesReachedFrom(entry: string): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      const local = resolveModule(file, specifier);
      if (local) visit(local, [...chain, path.relative(webSrc, local)]);
      else if (!specifier.startsWith('.') && !reached.has(specifier)) reached.set(specifier, chain);
    }
  };
  visit(entry, [path.relative(webSrc, entry)]);
  return reached;
}

describe("the editor's first load", () => {
  const reached = packagesReachedFrom(path.join(here, 'editor-page.tsx'));

  it('reaches CodeMirror and React (the walk follows the page)', () => {
    expect(reached.has('@codemirror/view')).toBe(true);
    expect(reached.has('react')).toBe(true);
  });

  it('carries no zod', () => {
    const zod = [...reached.entries()].filter(([name]) => name === 'zod' || name.startsWith('zod/'));
    expect(zod.map(([, chain]) => chain.join(' → '))).toEqual([]);
  });
});
