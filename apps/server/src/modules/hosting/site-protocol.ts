// What the app process and the published sites' process say to each other over their IPC channel
// (issue 26, ADR 0230). Messages go with Node's 'advanced' serialization, so Buffers and Maps cross as
// they are.
import type { ServedFile } from './served-file';

/** A published site as the sites' process serves it: the files of its live deployment. */
export interface SiteSnapshot {
  spaceId: string;
  deploymentId: string;
  analytics: boolean;
  files: Map<string, ServedFile>;
  notFound: ServedFile;
}

/** The app's answer about a Host. */
export type HostAnswer =
  /** Not a published site's Host (the app's own, or unknown): the process answers 421. */
  | { kind: 'app' }
  /** A site Host with nothing published: this page, with a 404. */
  | { kind: 'none'; page: ServedFile }
  | { kind: 'site'; site: SiteSnapshot }
  /** The live deployment is still the one the process holds (`known`). */
  | { kind: 'same'; analytics: boolean };

export type ToSites =
  /** A connection handed over, with the bytes the app read off it before deciding. */
  | { type: 'connection'; head: Buffer }
  | { type: 'answer'; id: number; answer: HostAnswer }
  /** A space's site changed (deploy, rollback, rename, domain): forget its cached answers. */
  | { type: 'forget'; spaceId: string }
  /** Stop taking requests, finish those under way, send the last counts and exit. */
  | { type: 'close' };

export type FromSites =
  | { type: 'ready' }
  | { type: 'lookup'; id: number; host: string; known: string | undefined }
  /** Page views counted since the last batch: [spaceId, page path, views]. */
  | { type: 'views'; counts: [string, string, number][] };

/** The header the sites' process names a proxied request's peer address in (its own socket to the app). */
export const PEER_HEADER = 'x-div-site-peer';

/** Paths the sites' process hands to the app (forms, images and any method but GET and HEAD). */
export const APP_ANSWERED_PREFIX = '/_div/';

/** The published sites' files a process keeps in memory, at most (the app's cache and the sites' process's each). */
export const MAX_CACHE_BYTES = 256 * 1024 * 1024;
