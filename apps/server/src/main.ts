import { buildApp } from './app';
import { ConfigError, localProviders, parseConfig } from './config';
import { enableSiteProcess } from './modules/hosting/front-door';

/** The published sites' process's entry beside this one: compiled (`npm start`) or run through tsx. */
const SITE_SERVER = new URL(import.meta.url.endsWith('.ts') ? './site-server.ts' : './site-server.mjs', import.meta.url);

/** Longest a shutdown may take before the process exits anyway (code 1). */
const FORCE_EXIT_MS = 10_000;

async function main() {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  const local = localProviders(config);
  if (local.length > 0) app.log.warn({ localProviders: local }, `local providers active: ${local.join(', ')}`);
  let closing = false;
  // app.close(): new requests answer 503, running generations stop and give their messages back,
  // in-flight requests finish (even those whose client left), then the database and Redis close (ADR 0125).
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new requests, finishing in-flight ones');
    const force = setTimeout(() => {
      app.log.error({ signal }, `shutdown did not finish in ${FORCE_EXIT_MS / 1000} s: exiting anyway`);
      process.exit(1);
    }, FORCE_EXIT_MS);
    force.unref();
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  enableSiteProcess(app, SITE_SERVER);
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`\n  DIV is running at ${config.publicUrl}\n`);
}

void main();
