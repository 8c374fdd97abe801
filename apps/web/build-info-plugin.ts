import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

function git(args: string[], cwd: string): string | null {
  try {
    const out = execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 })
      .toString()
      .trim();
    return out || null;
  } catch {
    return null;
  }
}

/**
 * Writes dist/build-info.json (spec sections 3 and 7): version from package.json, a build id, a
 * hash of the emitted files, the build time, the environment, and the git commit and branch when
 * git is available. The app reads it at start (src/lib/build-info.ts).
 */
export function buildInfoPlugin(): Plugin {
  let root = process.cwd();
  let mode = 'production';
  return {
    name: 'div-build-info',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      mode = config.mode;
    },
    generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      for (const fileName of Object.keys(bundle).sort()) {
        const output = bundle[fileName];
        if (!output) continue;
        hash.update(fileName);
        hash.update(output.type === 'chunk' ? output.code : output.source);
      }
      const contentHash = hash.digest('hex').slice(0, 16);
      const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: string };
      const sha = git(['rev-parse', 'HEAD'], root);
      const info = {
        version: pkg.version ?? '0.0.0',
        buildId: `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`,
        hash: contentHash,
        timestamp: new Date().toISOString(),
        environment: process.env.DIV_ENVIRONMENT ?? mode,
        commit: sha
          ? {
              sha,
              shortSha: sha.slice(0, 7),
              date: git(['log', '-1', '--format=%cI'], root),
              message: git(['log', '-1', '--format=%s'], root),
            }
          : null,
        branch: git(['rev-parse', '--abbrev-ref', 'HEAD'], root),
      };
      this.emitFile({ type: 'asset', fileName: 'build-info.json', source: `${JSON.stringify(info, null, 2)}\n` });
    },
  };
}
