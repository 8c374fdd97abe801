import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  FORM_LIMITS,
  FORMS_PATH,
  type FormField,
  VISITOR_MESSAGES,
  type VisitorMessages,
  visitorLanguageOf,
} from '@div/shared/forms';
import type { AppContext } from '../../context';
import { clientAddress, peerAddressOf } from '../../lib/client-address';
import { fillStampAge, fillStampKeyOf, STAMP_FIELD } from './fill-stamp';
import { createFormRateLimiter, type FormRateLimiter, spamReasonOf } from './guard';
import { FILL_TIME_FIELD, FORMS_SCRIPT_PATH, type FormSpec, type FormSpecs, HONEYPOT_FIELD, PAGE_FIELD } from './rewrite';
import { formsScript } from './script';
import { storeSubmission } from './submit';

/**
 * The forms endpoint on a published site's own origin (ADR 0191): `POST /_div/forms/{name}` from a
 * page of the site, with or without JavaScript. Answers JSON to the page's script (Accept:
 * application/json) and pages in the site's language otherwise: after a submission a 303 to a
 * thank-you page (a reload does not send twice), after a refusal a page that says why.
 */

export interface FormsSite {
  spaceId: string;
  forms: FormSpecs;
}

export interface Outcome {
  status: number;
  /** Message for the visitor; absent on success. */
  message?: string;
}

const runtimes = new WeakMap<AppContext, { limiter: FormRateLimiter; kick: () => void }>();

/** Sets up the rate limiter and the delivery nudge of this app instance (forms/routes.ts calls it). */
export function setFormsRuntime(ctx: AppContext, kick: () => void): () => void {
  const limiter = createFormRateLimiter({
    redisUrl: ctx.config.REDIS_URL,
    perIp: ctx.config.FORMS_RATE_PER_IP,
    perSite: ctx.config.FORMS_RATE_PER_SITE,
    log: ctx.log,
  });
  runtimes.set(ctx, { limiter, kick });
  return () => limiter.close();
}

/** The rate limiter and delivery nudge of this instance (made on first use in tests without startForms). */
export function formsRuntimeOf(ctx: AppContext) {
  let runtime = runtimes.get(ctx);
  if (!runtime) {
    setFormsRuntime(ctx, () => {});
    runtime = runtimes.get(ctx) as NonNullable<typeof runtime>;
  }
  return runtime;
}

let script: Buffer | undefined;

/** Where a deployment keeps what its deploy learned about its forms (never served). */
export const FORM_SPECS_PATH = '_div/forms.json';

/** Whether the path is one of DIV's own on a site's origin. */
export const isFormsPath = (url: string) => url.startsWith('/_div/');

/** Answers `/_div/...` on a published site. Never throws. */
export async function handleFormsRequest(
  ctx: AppContext,
  site: FormsSite,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://site');
  if (url.pathname === FORMS_SCRIPT_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
    script ??= Buffer.from(formsScript(), 'utf8');
    res.writeHead(200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=300',
      'content-length': script.length,
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : script);
    return;
  }
  const match = /^\/_div\/forms\/([a-z0-9][a-z0-9-]{0,59})$/.exec(url.pathname);
  if (!match) return plain(res, 404, 'No encontrado');
  const formName = match[1] as string;
  const spec = site.forms[formName];
  const t = VISITOR_MESSAGES[visitorLanguageOf(spec?.lang ?? firstLang(site.forms))];
  if (req.method === 'GET' && url.searchParams.has('sent')) {
    return page(res, 200, t, t.thanksTitle, t.thanks, backOf(url.searchParams.get('page')));
  }
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    return plain(res, 405, t.badForm);
  }
  const json = (req.headers.accept ?? '').includes('application/json');
  let outcome: Outcome;
  let back = '/';
  try {
    const received = await receive(ctx, site, spec, formName, req, t);
    outcome = received.outcome;
    back = received.page;
  } catch (error) {
    ctx.log.error({ err: error, spaceId: site.spaceId }, 'form submission failed');
    outcome = { status: 503, message: t.unavailable };
  }
  if (json) {
    const body = JSON.stringify(outcome.message ? { ok: false, message: outcome.message } : { ok: true, message: t.thanks });
    res.writeHead(outcome.status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body);
    return;
  }
  if (!outcome.message) {
    res.writeHead(303, {
      location: `${FORMS_PATH}/${formName}?sent=1&page=${encodeURIComponent(back)}`,
      'cache-control': 'no-store',
    });
    res.end();
    return;
  }
  return page(res, outcome.status, t, t.errorTitle, `${outcome.message} ${t.keep}`, back);
}

const firstLang = (forms: FormSpecs) => Object.values(forms).find((f) => f.lang)?.lang ?? null;

/** A path on the site to go back to; `/` for anything else. */
function backOf(value: string | null | undefined): string {
  return value && /^\/(?!\/)[^\s\\\p{Cc}]{0,300}$/u.test(value) ? value : '/';
}

/** What a URL-encoded form body holds for DIV: the visitor's fields and the fields DIV adds. */
export interface ReadSubmission {
  fields: FormField[];
  page: string;
  honeypot: string;
  fillMs: number | null;
  /** The server's fill stamp of the page the post came from (ADR 0253), as sent. */
  stamp: string;
  /** Whether it holds fields the published form does not declare (kept, as spam). */
  unknownFields: boolean;
}

/**
 * The visitor's fields of a URL-encoded body, checked against the form's spec (no NUL, limits, file
 * inputs, required fields, not empty); or the refusal in the visitor's language. Also used by the
 * editor preview's test submissions (preview.ts), which have no spec.
 */
export function readSubmission(
  params: URLSearchParams,
  spec: FormSpec | undefined,
  t: VisitorMessages,
): ReadSubmission | { refused: Outcome; page: string } {
  const page = backOf(params.get(PAGE_FIELD));
  const refuse = (status: number, message: string) => ({ refused: { status, message }, page });
  // PostgreSQL text cannot hold NUL: refused here, not as a failed insert (issue 36).
  for (const [name, value] of params) {
    if (name.includes('\0') || value.includes('\0')) {
      return refuse(400, `${t.invalidChars} ${name.replace(/\p{Cc}/gu, '').slice(0, FORM_LIMITS.nameChars)}.`);
    }
  }
  const honeypot = params.get(HONEYPOT_FIELD) ?? '';
  const fillRaw = params.get(FILL_TIME_FIELD) ?? '';
  const fillMs = /^\d{1,12}$/.test(fillRaw) ? Number(fillRaw) : null;
  const fields: FormField[] = [];
  for (const [name, value] of params) {
    if (name.startsWith('_div_')) continue;
    const seen = fields.find((f) => f.name === name);
    if (seen) seen.value = seen.value ? `${seen.value}, ${value}` : value;
    else fields.push({ name, value });
  }
  if (fields.length > FORM_LIMITS.fields) return refuse(413, t.tooManyFields);
  const long = fields.find((f) => f.name.length > FORM_LIMITS.nameChars || f.value.length > FORM_LIMITS.valueChars);
  if (long) return refuse(413, `${t.fieldTooLong} ${long.name.slice(0, FORM_LIMITS.nameChars)}.`);
  if (spec?.files.some((name) => fields.some((f) => f.name === name && f.value.trim() !== ''))) return refuse(415, t.files);
  const kept = fields.filter((f) => !spec?.files.includes(f.name));
  const missing = (spec?.required ?? []).filter((name) => !kept.some((f) => f.name === name && f.value.trim() !== ''));
  if (missing.length > 0) return refuse(400, `${t.required} ${missing.join(', ')}.`);
  if (!kept.some((f) => f.value.trim() !== '')) return refuse(400, t.badForm);
  const unknownFields = spec !== undefined && kept.some((f) => !spec.fields.includes(f.name));
  return { fields: kept, page, honeypot, fillMs, stamp: params.get(STAMP_FIELD) ?? '', unknownFields };
}

/** Reads, checks and stores one submission. */
async function receive(
  ctx: AppContext,
  site: FormsSite,
  spec: FormSpec | undefined,
  formName: string,
  req: IncomingMessage,
  t: VisitorMessages,
): Promise<{ outcome: Outcome; page: string }> {
  // Only the forms the live deployment declares (its `_div/forms.json`) take submissions (issue 36).
  if (!spec) return { outcome: drain(req, 404, t.badForm), page: '/' };
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) return { outcome: drain(req, 415, t.files), page: '/' };
  if (!type.startsWith('application/x-www-form-urlencoded')) return { outcome: drain(req, 415, t.badForm), page: '/' };
  const body = await readBody(req, FORM_LIMITS.bodyBytes);
  if (body === null) return { outcome: { status: 413, message: t.tooLarge }, page: '/' };
  const read = readSubmission(new URLSearchParams(body.toString('utf8')), spec, t);
  if ('refused' in read) return { outcome: read.refused, page: read.page };
  const { page } = read;
  // Each field keeps the words its page shows for it (issue 43); the name stays the key.
  const fields = read.fields.map((field) => {
    const label = spec.labels?.[field.name];
    return label && label !== field.name ? { ...field, label } : field;
  });
  const runtime = formsRuntimeOf(ctx);
  if (!(await runtime.limiter.allow(site.spaceId, clientIp(ctx, req))))
    return { outcome: { status: 429, message: t.rate }, page };
  const spamReason = spamReasonOf({
    honeypot: read.honeypot,
    unknownFields: read.unknownFields,
    fillMs: read.fillMs,
    servedMs: fillStampAge(fillStampKeyOf(ctx.config), read.stamp),
    stamped: spec.stamped === true,
    values: fields.map((f) => f.value),
  });
  const stored = await storeSubmission(ctx, { spaceId: site.spaceId, formName, page, fields, spamReason, test: false });
  if (!stored) return { outcome: { status: 404, message: t.badForm }, page };
  if ('full' in stored) return { outcome: { status: 429, message: t.full }, page };
  if (stored.queued) runtime.kick();
  return { outcome: { status: 200 }, page };
}

export function clientIp(ctx: AppContext, req: IncomingMessage): string {
  return clientAddress(peerAddressOf(req), req.headers['x-forwarded-for'], ctx.config.TRUST_PROXY);
}

/** The body, or null past `limit` bytes (the rest is read and thrown away). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    req.resume();
    return Promise.resolve(null);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) over = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(over ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function drain(req: IncomingMessage, status: number, message: string): Outcome {
  req.resume();
  return { status, message };
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function page(res: ServerResponse, status: number, t: VisitorMessages, title: string, text: string, back: string): void {
  const lang = Object.entries(VISITOR_MESSAGES).find(([, m]) => m === t)?.[0] ?? 'es';
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1.5rem;color:#1f2937;background:#fff;line-height:1.6}h1{font-size:1.75rem}a{color:#1d4ed8}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(back)}">${escapeHtml(t.back)}</a></p></main></body></html>`;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'",
  });
  res.end(html);
}
