import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// Each run starts the server on an empty data folder, so tests see a fresh product.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'div-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// The forms spec starts a real SMTP server on this port; the app sends its mail there (issue 23).
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1000);
process.env.E2E_SMTP_PORT = String(smtpPort);

export default defineConfig({
  testDir: 'apps/web/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The same entry point as `npm start`, so the browser tests also prove the two-command set-up.
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000, // includes building the web app on a fresh clone
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: baseURL,
      // Lets parallel work build the web app into its own folder (E2E_WEB_DIST) and test that;
      // otherwise scripts/start.mjs builds apps/web/dist when it is missing or stale, as `npm start` does.
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      // The local composer's pace (characters per second) when a spec needs a slower stream (stopping midway).
      ...(process.env.E2E_COMPOSER_PACE ? { COMPOSER_PACE: process.env.E2E_COMPOSER_PACE } : {}),
      // Published sites answer on {slug}.localhost:<port> (Chromium resolves *.localhost to loopback).
      SITES_DOMAIN: `localhost:${port}`,
      // Mail goes to the SMTP server the forms spec starts (other specs' mail finds nobody there and is
      // retried in the background); form notices are retried after 1 s, 4 s, … instead of 30 s.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      FORMS_RETRY_BASE_MS: '1000',
      FORMS_DELIVERY_POLL_MS: '500',
      // The git spec's server (git http-backend) listens on loopback (issue 41).
      GIT_ALLOW_PRIVATE: 'true',
    },
  },
});
