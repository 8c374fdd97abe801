import type { CheckSeverity, ChecksSummary, Finding } from './checks';

/*
 * The Revisión's score and summary (issue 40), without zod: the editor's header shows the score of
 * the server's and the browser's findings together at first load (ADR 0064: schema-free modules).
 */

/** What one finding costs the score, by severity. */
const SCORE_COST: Record<CheckSeverity, number> = { error: 12, warning: 4, notice: 1 };

/** 100 for a clean site, down by 12 an error, 4 a warning and 1 a notice, never below 0. */
export function checksScore(findings: readonly Pick<Finding, 'severity'>[]): number {
  return Math.max(0, 100 - findings.reduce((sum, f) => sum + SCORE_COST[f.severity], 0));
}

export function summarizeFindings(findings: readonly Finding[]): ChecksSummary {
  return {
    errors: findings.filter((f) => f.severity === 'error').length,
    warnings: findings.filter((f) => f.severity === 'warning').length,
    notices: findings.filter((f) => f.severity === 'notice').length,
    fixable: findings.filter((f) => f.fixable).length,
    score: checksScore(findings),
  };
}
