import { describe, expect, it } from 'vitest';
import { ConfigError, localProviders, parseConfig } from './config';

function errorOf(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a configuration error');
}

describe('parseConfig', () => {
  it('defaults to the local sign-in and derives the public URL from PORT', () => {
    const c = parseConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.GOOGLE_CLIENT_ID).toBeUndefined();
    expect(c.GITHUB_CLIENT_ID).toBeUndefined();
    expect(c.GOOGLE_ISSUER).toBe('https://accounts.google.com');
    expect(c.GITHUB_AUTHORIZE_URL).toBe('https://github.com/login/oauth/authorize');
    expect(c.GITHUB_TOKEN_URL).toBe('https://github.com/login/oauth/access_token');
    expect(c.GITHUB_API_URL).toBe('https://api.github.com');
    expect(c.AUTH_RATE_LIMIT).toBe(30);
    expect(c.TRUST_PROXY).toBe(false);
  });

  it('allows private custom model endpoints unless in production on a public address, or as configured', () => {
    expect(parseConfig({}).customModelsAllowPrivate).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production' }).customModelsAllowPrivate).toBe(true);
    const publicProd = { NODE_ENV: 'production', PUBLIC_URL: 'https://div.example', ALLOW_LOCAL_PROVIDERS: 'true' };
    expect(parseConfig(publicProd).customModelsAllowPrivate).toBe(false);
    expect(parseConfig({ ...publicProd, CUSTOM_MODELS_ALLOW_PRIVATE: 'true' }).customModelsAllowPrivate).toBe(true);
    expect(parseConfig({ CUSTOM_MODELS_ALLOW_PRIVATE: 'false' }).customModelsAllowPrivate).toBe(false);
    expect(errorOf({ SECRETS_KEY: 'short' })).toContain('SECRETS_KEY');
  });

  it('refuses to serve a public production address with local identity or billing unless told to (ADR 0151)', () => {
    const real = {
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      GITHUB_CLIENT_ID: 'h',
      GITHUB_CLIENT_SECRET: 'hs',
      STRIPE_SECRET_KEY: 'sk_live_x',
    };
    const prod = { NODE_ENV: 'production', PUBLIC_URL: 'https://div.example' };
    expect(parseConfig({ ...prod, ...real }).publicUrl).toBe('https://div.example');
    // One local button is enough to let anyone sign in as anyone.
    const oneLocal = errorOf({ ...prod, ...real, GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' });
    expect(oneLocal).toContain('ALLOW_LOCAL_PROVIDERS');
    expect(oneLocal).toContain('identity (Google button)');
    expect(errorOf({ ...prod, ...real, STRIPE_SECRET_KEY: '' })).toContain('billing');
    expect(errorOf(prod)).toContain('identity (GitHub button)');
    expect(parseConfig({ ...prod, ALLOW_LOCAL_PROVIDERS: 'true' }).ALLOW_LOCAL_PROVIDERS).toBe(true);
    // npm start and the browser tests: production on this machine only.
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:3119', 'http://app.localhost:8080']) {
      expect(parseConfig({ NODE_ENV: 'production', PUBLIC_URL: url }).publicUrl).toBe(url);
    }
    expect(parseConfig({ NODE_ENV: 'production' }).publicUrl).toBe('http://localhost:3000');
    expect(parseConfig({ PUBLIC_URL: 'https://div.example' }).publicUrl).toBe('https://div.example');
    expect(localProviders(parseConfig({}))).toEqual(['identity (Google button)', 'identity (GitHub button)', 'billing']);
  });

  it('reads the sign-in variables', () => {
    const c = parseConfig({
      PUBLIC_URL: 'https://div.example.com/',
      GOOGLE_CLIENT_ID: ' google-id ',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: 'http://127.0.0.1:4000',
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GITHUB_AUTHORIZE_URL: 'http://127.0.0.1:4001/login/oauth/authorize',
      GITHUB_TOKEN_URL: 'http://127.0.0.1:4001/login/oauth/access_token',
      GITHUB_API_URL: 'http://127.0.0.1:4001',
      AUTH_RATE_LIMIT: '5',
      SESSION_SECRET: 's'.repeat(32),
    });
    expect(c.publicUrl).toBe('https://div.example.com');
    expect(c.GOOGLE_CLIENT_ID).toBe('google-id');
    expect(c.GOOGLE_ISSUER).toBe('http://127.0.0.1:4000');
    expect(c.GITHUB_API_URL).toBe('http://127.0.0.1:4001');
    expect(c.AUTH_RATE_LIMIT).toBe(5);
  });

  it('reads the mail settings: SMTP when SMTP_URL is set, the local outbox otherwise', () => {
    expect(parseConfig({}).SMTP_URL).toBeUndefined();
    const c = parseConfig({ SMTP_URL: 'smtps://user:pass@smtp.example.com:465', MAIL_FROM: 'Café Lúa <hola@cafe.example>' });
    expect(c.SMTP_URL).toBe('smtps://user:pass@smtp.example.com:465');
    expect(c.MAIL_FROM).toBe('Café Lúa <hola@cafe.example>');
  });

  it('treats blank optional values as unset', () => {
    const c = parseConfig({ GOOGLE_CLIENT_ID: '  ', GOOGLE_CLIENT_SECRET: '', PUBLIC_URL: '' });
    expect(c.GOOGLE_CLIENT_ID).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it.each([
    [{ GOOGLE_CLIENT_ID: 'only-id' }, 'GOOGLE_CLIENT_SECRET'],
    [{ GOOGLE_CLIENT_SECRET: 'only-secret' }, 'GOOGLE_CLIENT_SECRET'],
    [{ GITHUB_CLIENT_ID: 'only-id' }, 'GITHUB_CLIENT_SECRET'],
    [{ GOOGLE_ISSUER: 'not a url' }, 'GOOGLE_ISSUER'],
    [{ GITHUB_AUTHORIZE_URL: 'github' }, 'GITHUB_AUTHORIZE_URL'],
    [{ GITHUB_TOKEN_URL: '/token' }, 'GITHUB_TOKEN_URL'],
    [{ GITHUB_API_URL: 'api.github.com' }, 'GITHUB_API_URL'],
    [{ AUTH_RATE_LIMIT: '0' }, 'AUTH_RATE_LIMIT'],
    [{ AUTH_RATE_LIMIT: 'many' }, 'AUTH_RATE_LIMIT'],
    [{ PUBLIC_URL: 'div.example.com' }, 'PUBLIC_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PORT: '70000' }, 'PORT'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ SMTP_URL: 'mail.example.com:587' }, 'SMTP_URL'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'DIV' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'DIV <a@b>\r\nBcc: c@d' }, 'MAIL_FROM'],
  ])('a wrong value names the variable: %o', (env, name) => {
    expect(errorOf(env as Record<string, string>)).toContain(`${name}:`);
  });
  it('refuses a SITES_DOMAIN that is the app host or one of its parents (cookie tossing, issue 36 #4)', () => {
    const with_ = (PUBLIC_URL: string, SITES_DOMAIN: string) => () => parseConfig({ PUBLIC_URL, SITES_DOMAIN });
    for (const [app, sites] of [
      ['http://app.div.test', 'div.test'],
      ['https://app.div.test', '.DIV.test.'],
      ['https://div.test', 'div.test:443'],
      ['https://a.b.div.test', 'b.div.test'],
    ] as const) {
      expect(with_(app, sites), `${app} ${sites}`).toThrow(/SITES_DOMAIN: .* is the app's host .* or one of its parents/);
    }
    // A separate registrable domain, or local development on localhost, is accepted.
    expect(with_('https://app.div.test', 'div-sites.test')).not.toThrow();
    expect(with_('https://div.test', 'sites.div.test.example')).not.toThrow();
    expect(with_('http://localhost:3000', 'localhost:3000')).not.toThrow();
    expect(() => parseConfig({})).not.toThrow();
  });
});
