import { BUILD_INFO_STORAGE_KEY } from '@div/shared/legal-storage-keys';

/** What the build wrote to /build-info.json (apps/web/build-info-plugin.ts); spec section 3. */
export interface BuildInfo {
  version: string;
  buildId: string;
  hash: string;
  timestamp: string;
  environment: string;
  commit: { sha: string; shortSha: string; date: string | null; message: string | null } | null;
  branch: string | null;
}

declare global {
  interface Window {
    /** Debug global: the running build. */
    __DIV_BUILD__?: BuildInfo;
  }
}

export const BUILD_INFO_URL = '/build-info.json';

/** Used when the file cannot be read (spec section 7: a locally made fallback). */
export function fallbackBuildInfo(now = new Date()): BuildInfo {
  return {
    version: '0.0.0',
    buildId: 'local',
    hash: 'unknown',
    timestamp: now.toISOString(),
    environment: 'production',
    commit: null,
    branch: null,
  };
}

function isBuildInfo(value: unknown): value is BuildInfo {
  const v = value as Partial<BuildInfo> | null;
  return Boolean(v) && typeof v?.version === 'string' && typeof v.buildId === 'string' && typeof v.environment === 'string';
}

/** Fetches the build info, keeps it in session storage and on window.__DIV_BUILD__. */
export async function loadBuildInfo(fetcher: typeof fetch = fetch): Promise<BuildInfo> {
  let info: BuildInfo;
  try {
    const response = await fetcher(BUILD_INFO_URL, { cache: 'no-cache', headers: { accept: 'application/json' } });
    const data: unknown = response.ok ? await response.json() : null;
    info = isBuildInfo(data) ? data : fallbackBuildInfo();
  } catch {
    info = fallbackBuildInfo();
  }
  try {
    sessionStorage.setItem(BUILD_INFO_STORAGE_KEY, JSON.stringify(info));
  } catch {}
  window.__DIV_BUILD__ = info;
  return info;
}

/** The build info of this tab, once loaded. */
export function storedBuildInfo(): BuildInfo | null {
  try {
    const raw = sessionStorage.getItem(BUILD_INFO_STORAGE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return isBuildInfo(value) ? value : null;
  } catch {
    return null;
  }
}

/** Started by main.tsx: runs after the page has loaded so it never delays the first paint. */
export function startBuildInfo() {
  const run = () => void loadBuildInfo();
  if (document.readyState === 'complete') setTimeout(run, 0);
  else window.addEventListener('load', run, { once: true });
}

// main.tsx imports this module once; the fetch starts after load (unit tests call loadBuildInfo).
if (typeof window !== 'undefined' && import.meta.env.MODE !== 'test') startBuildInfo();
