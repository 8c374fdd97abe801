// The house's floor plan, counted (issue 42, ADR 0283).
//   node scripts/imports.mjs          prints the counts and every offending import or file
//   node scripts/imports.mjs --json   the same as JSON (apps/server/src/architecture.test.ts reads it)
// Only value imports count: `import type`, `export type` and imports whose every name is a type are
// erased before anything runs. Static imports, re-exports and `import()` all count. Tests, test
// helpers (src/test/) and Playwright specs are left out: they may reach anywhere.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const MAX_LINES = 400;
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/shared/src', 'packages/site-engine/src', 'packages/sdk/src'];
const PACKAGES = { '@div/shared': 'packages/shared/src', '@div/site-engine': 'packages/site-engine/src' };

// Test infrastructure beside the tests: helpers, the resilience harness, the engine's answer corpus.
const isTest = (f) =>
  /\.test\.(ts|tsx|mjs)$/.test(f) ||
  /\/(test-helpers|test-bed)\.ts$/.test(f) ||
  /^apps\/server\/src\/(test|resilience)\//.test(f) ||
  f.startsWith('packages/site-engine/src/corpus/') ||
  f.includes('/e2e/');
/** Data: tables, catalogues and templates, named `*.data.ts` or kept in a `data/` folder. */
export const isData = (f) => /\.data\.(ts|tsx|mjs)$/.test(f) || f.split('/').includes('data');

function listFiles() {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...ROOTS], {
    cwd: root,
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter((f) => SOURCE.test(f) && !f.endsWith('.d.ts') && !isTest(f))
    .filter((f) => {
      try {
        readFileSync(path.join(root, f));
        return true;
      } catch {
        return false; // deleted in the work tree, not yet staged
      }
    })
    .sort();
}

/** The value imports of one file: [specifier, line]. */
function valueImports(file, text) {
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found = [];
  const line = (node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) found.push([node.moduleSpecifier.text, line(node)]);
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push([node.moduleSpecifier.text, line(node)]);
      return;
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push([node.arguments[0].text, line(node)]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function resolve(from, spec, known) {
  let base;
  if (spec.startsWith('.')) base = path.posix.join(path.posix.dirname(from), spec);
  else {
    const pkg = Object.keys(PACKAGES).find((p) => spec.startsWith(`${p}/`));
    if (!pkg) return null; // an outside package
    base = `${PACKAGES[pkg]}/${spec.slice(pkg.length + 1)}`;
  }
  const stem = base.replace(/\.(js|mjs|ts|tsx)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mjs`, `${stem}/index.ts`, `${stem}/index.tsx`]) {
    if (known.has(candidate)) return candidate;
  }
  return null; // a test helper, a stylesheet or an asset
}

/** Where a file lives, for the rules: the server's folder, or the web's feature / shell. */
export function place(file) {
  let m = /^apps\/server\/src\/(modules|providers)\/([^/]+)\//.exec(file);
  if (m) return { side: 'server', folder: `${m[1]}/${m[2]}`, kind: m[1] === 'modules' ? 'module' : 'provider' };
  m = /^apps\/server\/src\/([^/]+)\//.exec(file);
  if (m) return { side: 'server', folder: m[1], kind: 'ground' };
  if (/^apps\/server\/src\/[^/]+$/.test(file)) {
    const name = path.posix.basename(file).replace(SOURCE, '');
    // context.ts and config.ts are the ground floor; app.ts, main.ts and site-server.ts assemble.
    return { side: 'server', folder: name, kind: ['context', 'config'].includes(name) ? 'ground' : 'assembly' };
  }
  if (/^apps\/web\/src\/[^/]+$/.test(file)) return { side: 'web', folder: 'main', kind: 'entry' };
  m = /^apps\/web\/src\/features\/([^/]+)\//.exec(file);
  if (m) return { side: 'web', folder: `features/${m[1]}`, kind: 'feature' };
  m = /^apps\/web\/src\/([^/]+)\//.exec(file);
  if (m) return { side: 'web', folder: m[1], kind: m[1] === 'app' ? 'shell' : 'shared-ui' };
  return { side: 'package', folder: file.split('/').slice(0, 2).join('/'), kind: 'package' };
}

/** Tarjan: the strongly connected sets of more than one node (or a node importing itself). */
function knots(nodes, edgesOf) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edgesOf(v)) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const set = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        set.push(w);
      } while (w !== v);
      if (set.length > 1 || edgesOf(v).includes(v)) out.push(set.sort());
    }
  };
  for (const v of nodes) if (!idx.has(v)) strong(v);
  return out;
}

export function analyse() {
  const files = listFiles();
  const known = new Set(files);
  const edges = []; // { from, to, line }
  const longFiles = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_LINES && !isData(file)) longFiles.push({ file, lines });
    for (const [spec, line] of valueImports(file, text)) {
      const to = resolve(file, spec, known);
      if (to && to !== file) edges.push({ from: file, to, line });
    }
  }

  const byFile = new Map(files.map((f) => [f, []]));
  for (const e of edges) byFile.get(e.from).push(e.to);
  const fileKnots = knots(files, (f) => byFile.get(f));

  const folderEdges = new Map();
  for (const e of edges) {
    const a = place(e.from);
    const b = place(e.to);
    if (a.side !== 'server' || b.side !== 'server' || a.folder === b.folder) continue;
    const key = `${a.folder}|${b.folder}`;
    if (!folderEdges.has(key)) folderEdges.set(key, []);
    folderEdges.get(key).push(e);
  }
  const folders = [...new Set([...folderEdges.keys()].flatMap((k) => k.split('|')))].sort();
  const folderOut = (f) => [...folderEdges.keys()].filter((k) => k.startsWith(`${f}|`)).map((k) => k.split('|')[1]);
  const folderKnots = knots(folders, folderOut);
  const inKnot = new Map(folderKnots.flatMap((set, i) => set.map((f) => [f, i])));
  const knotEdges = [...folderEdges.entries()]
    .filter(([k]) => {
      const [a, b] = k.split('|');
      return inKnot.has(a) && inKnot.get(a) === inKnot.get(b);
    })
    .flatMap(([, es]) => es);

  const rule = (test) =>
    edges.filter((e) => {
      const a = place(e.from);
      const b = place(e.to);
      return test(a, b, e);
    });
  const providerToModule = rule((a, b) => a.kind === 'provider' && b.kind === 'module');
  const groundToFeature = rule((a, b) => a.kind === 'ground' && b.kind === 'module');
  const routesOfAnother = rule(
    (a, b, e) =>
      a.side === 'server' && a.kind !== 'assembly' && a.folder !== b.folder && b.kind === 'module' && /\/routes\.ts$/.test(e.to),
  );
  const featureToFeature = rule((a, b) => a.kind === 'feature' && b.kind === 'feature' && a.folder !== b.folder);
  const intoShell = rule(
    (a, b) =>
      (a.kind === 'feature' || a.kind === 'shared-ui') &&
      (b.kind === 'shell' || (a.kind === 'shared-ui' && b.kind === 'feature')),
  );
  const crossLayer = rule(
    (a, b) =>
      (a.side === 'package' && b.side !== 'package') ||
      (a.side === 'server' && b.side === 'web') ||
      (a.side === 'web' && b.side === 'server') ||
      (a.folder === 'packages/shared' && b.folder !== 'packages/shared'),
  );

  return {
    counts: {
      fileCycles: fileKnots.reduce((n, s) => n + s.length, 0),
      folderCycles: folderKnots.reduce((n, s) => n + s.length, 0),
      providerToModule: providerToModule.length,
      groundToFeature: groundToFeature.length,
      routesOfAnother: routesOfAnother.length,
      featureToFeature: featureToFeature.length,
      featureToShell: intoShell.length,
      crossLayer: crossLayer.length,
      longFiles: longFiles.length,
    },
    fileKnots,
    folderKnots,
    knotEdges,
    providerToModule,
    groundToFeature,
    routesOfAnother,
    featureToFeature,
    featureToShell: intoShell,
    crossLayer,
    longFiles: longFiles.sort((x, y) => y.lines - x.lines),
    files: files.length,
  };
}

const HELP = {
  fileCycles: 'files in import cycles',
  folderCycles: 'server folders (modules/*, providers/*, lib, db, …) in cycles',
  providerToModule: 'provider → module imports',
  groundToFeature: 'ground floor (lib, db, context.ts, config.ts, …) → module imports',
  routesOfAnother: "imports of another module's routes.ts",
  featureToFeature: 'web feature → another feature imports',
  featureToShell: 'web feature or shared UI → app shell (or shared UI → feature) imports',
  crossLayer: 'imports against the layers (packages → apps, server ↔ web, shared → anything of ours)',
  longFiles: `non-data source files over ${MAX_LINES} lines`,
};

function print(r) {
  const edge = (e) => `    ${e.from}:${e.line} → ${e.to}`;
  console.log(`${r.files} source files (tests aside), value imports only\n`);
  for (const [k, v] of Object.entries(r.counts)) console.log(`${String(v).padStart(5)}  ${k}: ${HELP[k]}`);
  if (r.fileKnots.length) {
    console.log('\nFile cycles:');
    for (const set of r.fileKnots) console.log(`  [${set.join(', ')}]`);
  }
  if (r.folderKnots.length) {
    console.log('\nServer folder cycles:');
    for (const set of r.folderKnots) console.log(`  [${set.join(', ')}]`);
    console.log('  edges inside them:');
    for (const e of r.knotEdges) console.log(edge(e));
  }
  for (const k of [
    'providerToModule',
    'groundToFeature',
    'routesOfAnother',
    'featureToFeature',
    'featureToShell',
    'crossLayer',
  ]) {
    if (r[k].length === 0) continue;
    console.log(`\n${HELP[k]}:`);
    for (const e of r[k]) console.log(edge(e));
  }
  if (r.longFiles.length) {
    console.log(`\n${HELP.longFiles}:`);
    for (const f of r.longFiles) console.log(`    ${String(f.lines).padStart(5)}  ${f.file}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const result = analyse();
  if (process.argv.includes('--json')) process.stdout.write(JSON.stringify(result));
  else print(result);
}
