/**
 * Test support: a minimal browser for driving sign-in over real HTTP. It keeps cookies per host,
 * follows redirects by hand, submits the first form of an HTML page, and maps the app's public
 * origin (e.g. http://div.test) to the address the test server listens on, like a hosts file.
 */
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, string>>();
  constructor(private readonly hosts: Record<string, string> = {}) {}

  /** Rewrites a URL whose origin is aliased to the real listening origin. */
  resolve(url: string | URL): URL {
    const u = new URL(url);
    const real = this.hosts[u.origin];
    return real ? new URL(`${real}${u.pathname}${u.search}`) : u;
  }

  cookies(url: string | URL): Map<string, string> {
    return this.jar.get(this.resolve(url).host) ?? new Map();
  }

  setCookie(url: string | URL, name: string, value: string) {
    const host = this.resolve(url).host;
    const jar = this.jar.get(host) ?? new Map<string, string>();
    jar.set(name, value);
    this.jar.set(host, jar);
  }

  /** One request, no redirects followed; stores the cookies it sets. */
  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = this.resolve(url);
    const headers = new Headers(init.headers);
    const jar = this.jar.get(target.host);
    if (jar?.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const hostJar = this.jar.get(target.host) ?? new Map<string, string>();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) hostJar.delete(name);
      else hostJar.set(name, value);
      this.jar.set(target.host, hostJar);
    }
    return res;
  }

  /**
   * Navigates from `url`, following redirects and submitting each page's form with `fields`, until a
   * redirect points at a URL for which `stop` is true; returns that URL (unresolved, as the page saw it).
   */
  async navigate(url: string, options: { fields?: Record<string, string>; stop: (url: URL) => boolean; maxSteps?: number }) {
    let current = new URL(url);
    let init: RequestInit = {};
    for (let step = 0; step < (options.maxSteps ?? 20); step += 1) {
      if (options.stop(current)) return current;
      const res = await this.request(current, init);
      init = {};
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        current = new URL(location, current);
        continue;
      }
      const body = await res.text();
      const form = parseForm(body);
      if (res.status !== 200 || !form) throw new Error(`navigation stuck at ${current} (${res.status}): ${body.slice(0, 300)}`);
      const data = new URLSearchParams();
      for (const input of form.inputs) {
        const given = input.type !== 'hidden' ? options.fields?.[input.name] : undefined;
        data.set(input.name, given ?? input.value);
      }
      current = new URL(form.action || current.pathname, current);
      init = { method: 'POST', body: data, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    }
    throw new Error('too many navigation steps');
  }
}

export interface ParsedForm {
  action: string;
  inputs: { name: string; value: string; type: string }[];
}

export function parseForm(html: string): ParsedForm | undefined {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return undefined;
  const action = decodeHtml(attr(form[1] ?? '', 'action') ?? '');
  const inputs: ParsedForm['inputs'] = [];
  for (const match of (form[2] ?? '').matchAll(/<input\b([^>]*)>/gi)) {
    const name = attr(match[1] ?? '', 'name');
    if (!name) continue;
    inputs.push({
      name,
      value: decodeHtml(attr(match[1] ?? '', 'value') ?? ''),
      type: (attr(match[1] ?? '', 'type') ?? 'text').toLowerCase(),
    });
  }
  return { action, inputs };
}

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(tag);
  return m?.[1];
}

function decodeHtml(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCharCode(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
