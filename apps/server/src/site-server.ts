// Entry of the published sites' process (issue 26, ADR 0230), forked by the app (site-process.ts);
// compiled beside main.ts for `npm start`.
import type { Socket } from 'node:net';
import type { FromSites, ToSites } from './modules/hosting/site-protocol';
import { runSiteServer } from './modules/hosting/site-server';

const env = process.env;
if (!process.send || !env.DIV_SITE_APP_SOCKET || !env.DIV_SITE_OWN_SOCKET) {
  console.error('site-server runs only as the app’s child process');
  process.exit(1);
}

const sites = runSiteServer({
  appSocket: env.DIV_SITE_APP_SOCKET,
  ownSocket: env.DIV_SITE_OWN_SOCKET,
  ttlMs: Number(env.DIV_SITE_TTL_MS ?? 5000),
  keepAliveTimeoutMs: Number(env.DIV_SITE_KEEP_ALIVE_MS ?? 72_000),
  logLevel: env.LOG_LEVEL ?? 'info',
  stampKey: env.DIV_SITE_STAMP_KEY,
  send: (message: FromSites, sent?: () => void) => process.send?.(message, undefined, undefined, () => sent?.()),
  closed: () => process.exit(0),
});
process.on('message', (message: ToSites, socket?: Socket) => sites.receive(message, socket));
// The app is gone (crashed or killed): so is this process.
process.on('disconnect', () => process.exit(0));
