import { createHash } from 'node:crypto';
import type { Finding } from '@div/shared/checks';
import type { HtmlValidate as Validator } from 'html-validate';
import { finding, type Page } from './site';

/*
 * HTML validity with html-validate (issue 40): its "standard" preset, which checks the HTML
 * standard (content models, misnested and unclosed tags, attributes, character references) and
 * leaves style and best practice alone. The rules this module checks itself, with messages a
 * person can act on, are turned off here so nothing is reported twice.
 */
const CONFIG = {
  extends: ['html-validate:standard'],
  rules: {
    'no-dup-id': 'off',
    'deprecated-rule': 'off',
    'no-unused-disable': 'off',
  },
} as const;

let validator: Promise<Validator> | undefined;
/** Loaded on first use: the server starts without it (ADR 0224). */
function validatorOf(): Promise<Validator> {
  validator ??= import('html-validate').then(({ HtmlValidate }) => new HtmlValidate(CONFIG as never));
  return validator;
}

/** A `<head>` without `<title>` and an `<html>` without `lang` are reported (and fixed) by their own rules. */
const reportedElsewhere = (ruleId: string, message: string) =>
  (ruleId === 'element-required-content' && message.includes('<title>')) ||
  (ruleId === 'element-required-attributes' && message.includes('<html>') && message.includes('"lang"'));
/** After one misnested tag every later end tag "closes with open elements": one report is enough. */
const cascade = (ruleId: string, message: string) =>
  ruleId === 'close-order' && message.includes('seen but there were open elements');

/**
 * html-validate is most of a check's time (a 100 KB page costs tens of milliseconds), and between
 * two checks most pages have not changed: each page's findings are kept by its path and content.
 */
const CACHE_ENTRIES = 256;
const cache = new Map<string, Finding[]>();

export async function checkValidity(page: Page, out: Finding[]): Promise<void> {
  const key = createHash('sha256').update(page.path).update('\0').update(page.html).digest('base64');
  let found = cache.get(key);
  if (found) cache.delete(key);
  else found = await validate(page);
  cache.set(key, found);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  out.push(...found);
}

async function validate(page: Page): Promise<Finding[]> {
  const out: Finding[] = [];
  const report = await (await validatorOf()).validateString(page.html, page.path);
  for (const result of report.results) {
    let misnested = false;
    for (const message of result.messages) {
      if (reportedElsewhere(message.ruleId, message.message)) continue;
      if (misnested && cascade(message.ruleId, message.message)) continue;
      if (message.ruleId === 'close-order') misnested = true;
      out.push(
        finding(
          'html-validity',
          message.severity === 2 ? 'error' : 'warning',
          page.path,
          { line: message.line, column: message.column },
          {
            es: `HTML no válido (${message.ruleId}): ${message.message}`,
            en: `Invalid HTML (${message.ruleId}): ${message.message}`,
          },
        ),
      );
    }
  }
  return out;
}
