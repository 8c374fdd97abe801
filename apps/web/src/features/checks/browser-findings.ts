import type { CheckSeverity, Finding } from '@div/shared/checks';

/*
 * The Revisión's browser checks (issue 40, ADR 0243): what one page's offscreen preview frame
 * reports (`checks-result`), read defensively (the frame runs the site's own scripts, which could
 * post anything), and turned into findings of the same shape as the server's.
 */

export interface AxeViolation {
  id: string;
  impact: string;
  /** axe's English help text. */
  help: string;
  theme: 'light' | 'dark';
  nodes: { selector: string; html: string }[];
}

export interface BrowserReport {
  axe: AxeViolation[];
  /** Whether axe-core ran (false: it could not load in the page). */
  axeLoaded: boolean;
  /** Whether the page has a dark scheme (axe then also ran in it). */
  dark: boolean;
  errors: string[];
  overflow: { selector: string; html: string; width: number }[];
  layoutShift: { value: number; selector: string | null };
}

/** The width the overflow is measured at (a common phone). */
export const OVERFLOW_WIDTH = 390;
/** Cumulative layout shift above this is "needs improvement" (web.dev's threshold). */
export const LAYOUT_SHIFT_LIMIT = 0.1;

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');
const list = (value: unknown, max: number): unknown[] => (Array.isArray(value) ? value.slice(0, max) : []);
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** A `checks-result` message of a checks frame, or null for anything else. */
export function parseBrowserReport(data: unknown): BrowserReport | null {
  const message = record(data);
  if (message.source !== 'div-preview' || message.type !== 'checks-result' || 'failed' in message) return null;
  const shift = record(message.layoutShift);
  return {
    axe: list(message.axe, 80).flatMap((item) => {
      const violation = record(item);
      const id = text(violation.id, 80);
      if (!id) return [];
      return [
        {
          id,
          impact: text(violation.impact, 20) || 'minor',
          help: text(violation.help, 300),
          theme: violation.theme === 'dark' ? 'dark' : 'light',
          nodes: list(violation.nodes, 5).map((node) => ({
            selector: text(record(node).selector, 500),
            html: text(record(node).html, 200),
          })),
        } satisfies AxeViolation,
      ];
    }),
    axeLoaded: message.axeLoaded === true,
    dark: message.dark === true,
    errors: list(message.errors, 20)
      .map((error) => text(error, 300))
      .filter(Boolean),
    overflow: list(message.overflow, 3).map((item) => ({
      selector: text(record(item).selector, 500) || 'body',
      html: text(record(item).html, 200),
      width: Number(record(item).width) || 0,
    })),
    layoutShift: {
      value: Number(shift.value) || 0,
      selector: text(shift.selector, 500) || null,
    },
  };
}

/** axe's serious and critical violations are errors; moderate and minor ones, warnings. */
export function axeSeverity(impact: string): CheckSeverity {
  return impact === 'serious' || impact === 'critical' ? 'error' : 'warning';
}

/** Spanish help texts of axe's rules, by rule id (axe-core's own `locales/es.json`). */
export type AxeSpanish = Readonly<Record<string, { help?: string } | undefined>>;

/** The findings of one page's report, in the panel's shape (`file` is the page). */
export function browserFindings(page: string, report: BrowserReport, spanish: AxeSpanish): Finding[] {
  const findings: Finding[] = [];
  // What the light theme already reports is not reported again for the dark one.
  const light = new Set(
    report.axe.filter((v) => v.theme === 'light').flatMap((v) => v.nodes.map((node) => `${v.id}|${node.selector}`)),
  );
  for (const violation of report.axe) {
    const es = spanish[violation.id]?.help ?? violation.help;
    const dark = violation.theme === 'dark';
    for (const node of violation.nodes.length ? violation.nodes : [{ selector: '', html: '' }]) {
      if (dark && light.has(`${violation.id}|${node.selector}`)) continue;
      findings.push({
        rule: 'axe',
        severity: axeSeverity(violation.impact),
        file: page,
        message: {
          es: `${es}${dark ? ' (tema oscuro)' : ''}: ${node.html || violation.id} [${violation.id}]`,
          en: `${violation.help}${dark ? ' (dark theme)' : ''}: ${node.html || violation.id} [${violation.id}]`,
        },
        ...(node.selector ? { selector: node.selector } : {}),
        fixable: false,
      });
    }
  }
  for (const error of report.errors) {
    findings.push({
      rule: 'console-error',
      severity: 'error',
      file: page,
      message: { es: `Error en la consola de la página: ${error}`, en: `Error in the page's console: ${error}` },
      fixable: false,
    });
  }
  for (const item of report.overflow) {
    findings.push({
      rule: 'overflow',
      severity: 'warning',
      file: page,
      message: {
        es: `A ${OVERFLOW_WIDTH} px de ancho la página se desplaza en horizontal: este elemento llega a ${item.width} px. ${item.html}`.trim(),
        en: `At ${OVERFLOW_WIDTH} px wide the page scrolls sideways: this element reaches ${item.width} px. ${item.html}`.trim(),
      },
      selector: item.selector,
      fixable: false,
    });
  }
  if (report.layoutShift.value > LAYOUT_SHIFT_LIMIT) {
    const value = report.layoutShift.value.toFixed(2);
    findings.push({
      rule: 'layout-shift',
      severity: 'warning',
      file: page,
      message: {
        es: `La página se mueve mientras carga (CLS ${value}, más de ${LAYOUT_SHIFT_LIMIT}): reserva el espacio de imágenes y bloques.`,
        en: `The page moves while it loads (CLS ${value}, over ${LAYOUT_SHIFT_LIMIT}): reserve the room of images and blocks.`,
      },
      ...(report.layoutShift.selector ? { selector: report.layoutShift.selector } : {}),
      fixable: false,
    });
  }
  return findings;
}

/** The findings "Corregir con IA" hands the model: errors and warnings the one-click fixes cannot repair. */
export function aiFixPrompt(findings: readonly Finding[], max = 30): string | null {
  const rest = findings.filter((finding) => !finding.fixable && finding.severity !== 'notice');
  if (!rest.length) return null;
  const lines = rest.slice(0, max).map((finding) => {
    const where = finding.line ? `${finding.file}, línea ${finding.line}` : finding.file;
    const element = finding.selector && !finding.line ? ` (elemento ${finding.selector})` : '';
    // axe's rule id ends its message: the model needs the help text, not the id (whose words, like
    // "button-name", the local composer would read as a request of their own).
    return `- ${where}${element}: ${finding.message.es.replace(/ \[[a-z0-9-]+\]$/, '')}`;
  });
  const more = rest.length > max ? `\n(y ${rest.length - max} más)` : '';
  return `Corrige estos problemas que encontró la revisión del sitio, sin cambiar nada más:\n${lines.join('\n')}${more}`;
}
