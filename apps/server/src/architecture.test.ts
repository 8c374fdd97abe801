import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The house's floor plan, counted by scripts/imports.mjs over value imports (tests aside; ADR 0283).
 * Each count may only fall: lower the baseline as work lands, until every one is 0. A count above its
 * baseline names the imports or files that broke the plan.
 */
const BASELINE = {
  fileCycles: 2,
  folderCycles: 0,
  providerToModule: 0,
  groundToFeature: 0,
  routesOfAnother: 0,
  featureToFeature: 24,
  featureToShell: 0,
  crossLayer: 0,
  longFiles: 4,
};

type Edge = { from: string; to: string; line: number };
type Report = {
  files: number;
  counts: Record<keyof typeof BASELINE, number>;
  fileKnots: string[][];
  folderKnots: string[][];
  knotEdges: Edge[];
  longFiles: { file: string; lines: number }[];
} & Record<string, unknown>;

const root = path.resolve(import.meta.dirname, '../../..');
const report: Report = JSON.parse(
  execFileSync(process.execPath, ['scripts/imports.mjs', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 32 << 20 }),
);

function offenders(key: keyof typeof BASELINE): string[] {
  if (key === 'fileCycles') return report.fileKnots.map((k) => k.join(' ↔ '));
  if (key === 'folderCycles') return report.knotEdges.map((e) => `${e.from}:${e.line} → ${e.to}`);
  if (key === 'longFiles') return report.longFiles.map((f) => `${f.file} (${f.lines} lines)`);
  return (report[key] as Edge[]).map((e) => `${e.from}:${e.line} → ${e.to}`);
}

describe('the floor plan (scripts/imports.mjs)', () => {
  it('reads the whole source tree', () => {
    expect(report.files).toBeGreaterThan(400);
  });

  for (const key of Object.keys(BASELINE) as (keyof typeof BASELINE)[]) {
    it(`${key} stays at or under ${BASELINE[key]}`, () => {
      const count = report.counts[key];
      if (count > BASELINE[key]) {
        expect.fail(`${key}: ${count} > ${BASELINE[key]}. Offending:\n${offenders(key).join('\n')}`);
      }
      expect(count).toBeLessThanOrEqual(BASELINE[key]);
    });
  }
});
