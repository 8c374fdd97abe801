import { describe, expect, it } from 'vitest';
import { aiFixPrompt, axeSeverity, browserFindings, parseBrowserReport } from './browser-findings';

const message = (extra: Record<string, unknown> = {}) => ({
  source: 'div-preview',
  type: 'checks-result',
  axe: [
    {
      id: 'button-name',
      impact: 'critical',
      help: 'Buttons must have discernible text',
      theme: 'light',
      nodes: [{ selector: 'button.menu', html: '<button class="menu"></button>' }],
    },
    {
      id: 'button-name',
      impact: 'critical',
      help: 'Buttons must have discernible text',
      theme: 'dark',
      nodes: [{ selector: 'button.menu', html: '<button class="menu"></button>' }],
    },
    {
      id: 'color-contrast',
      impact: 'serious',
      help: 'Elements must meet minimum color contrast ratio thresholds',
      theme: 'dark',
      nodes: [{ selector: '.tenue', html: '<p class="tenue">' }],
    },
    { id: 'region', impact: 'moderate', help: 'All page content should be contained by landmarks', theme: 'light', nodes: [] },
  ],
  axeLoaded: true,
  dark: true,
  errors: ['Fallo de prueba'],
  overflow: [{ selector: '.tabla-ancha', html: '<div class="tabla-ancha">', width: 656 }],
  layoutShift: { value: 0.31, selector: 'main > img' },
  ...extra,
});

const spanish = { 'button-name': { help: 'Los botones deben tener texto discernible' } };

describe('the browser checks of the Revisión (issue 40)', () => {
  it('reads only a checks frame report, bounded, and nothing else', () => {
    expect(parseBrowserReport({ source: 'div-preview', type: 'ready' })).toBeNull();
    expect(parseBrowserReport({ ...message(), source: 'elsewhere' })).toBeNull();
    expect(parseBrowserReport({ source: 'div-preview', type: 'checks-result', failed: 'boom' })).toBeNull();
    const report = parseBrowserReport(message({ errors: Array.from({ length: 50 }, (_, i) => `e${i}`), axe: 'x' }));
    expect(report?.errors).toHaveLength(20);
    expect(report?.axe).toEqual([]);
    expect(parseBrowserReport(message({ overflow: [{ html: 3 }] }))?.overflow).toEqual([
      { selector: 'body', html: '', width: 0 },
    ]);
  });

  it('turns a report into findings: serious and critical axe are errors, the rest warnings; dark only when new', () => {
    expect([axeSeverity('critical'), axeSeverity('serious'), axeSeverity('moderate'), axeSeverity('minor')]).toEqual([
      'error',
      'error',
      'warning',
      'warning',
    ]);
    const report = parseBrowserReport(message());
    if (!report) throw new Error('no report');
    const findings = browserFindings('index.html', report, spanish);
    expect(findings.map((f) => [f.rule, f.severity, f.selector ?? null])).toEqual([
      ['axe', 'error', 'button.menu'],
      ['axe', 'error', '.tenue'],
      ['axe', 'warning', null],
      ['console-error', 'error', null],
      ['overflow', 'warning', '.tabla-ancha'],
      ['layout-shift', 'warning', 'main > img'],
    ]);
    expect(findings[0]?.message.es).toBe(
      'Los botones deben tener texto discernible: <button class="menu"></button> [button-name]',
    );
    expect(findings[1]?.message.es).toContain('(tema oscuro)');
    expect(findings[1]?.message.en).toContain('(dark theme)');
    expect(findings[4]?.message.es).toContain('656 px');
    expect(findings.every((f) => f.file === 'index.html' && !f.fixable && f.line === undefined)).toBe(true);
    // A small shift is not a finding.
    const still = browserFindings('index.html', { ...report, layoutShift: { value: 0.05, selector: null } }, spanish);
    expect(still.some((f) => f.rule === 'layout-shift')).toBe(false);
  });

  it('asks the model for what the fixes cannot repair, errors and warnings only', () => {
    expect(aiFixPrompt([])).toBeNull();
    const prompt = aiFixPrompt([
      {
        rule: 'broken-link',
        severity: 'error',
        file: 'index.html',
        line: 4,
        message: { es: 'Enlace roto', en: 'x' },
        fixable: false,
      },
      {
        rule: 'missing-lang',
        severity: 'error',
        file: 'index.html',
        line: 1,
        message: { es: 'Sin lang', en: 'x' },
        fixable: true,
      },
      {
        rule: 'third-party',
        severity: 'notice',
        file: 'index.html',
        line: 2,
        message: { es: 'Tercero', en: 'x' },
        fixable: false,
      },
      {
        rule: 'overflow',
        severity: 'warning',
        file: 'a.html',
        selector: '.x',
        message: { es: 'Ancho', en: 'x' },
        fixable: false,
      },
      {
        rule: 'axe',
        severity: 'error',
        file: 'a.html',
        selector: 'button',
        message: { es: 'Sin nombre: <button> [button-name]', en: 'x' },
        fixable: false,
      },
    ]);
    expect(prompt).toBe(
      'Corrige estos problemas que encontró la revisión del sitio, sin cambiar nada más:\n' +
        '- index.html, línea 4: Enlace roto\n- a.html (elemento .x): Ancho\n- a.html (elemento button): Sin nombre: <button>',
    );
  });
});
