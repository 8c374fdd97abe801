import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { Realtime } from './modules/realtime/realtime';

/** What every module's routes and services receive: configuration and the outside systems. */
export interface AppContext {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  /** Fires when the server starts shutting down: long work (generations) stops and gives back what it holds. */
  shutdown?: AbortSignal;
  /** Spaces edited together (issue 25): set once the app is built; routes tell it when files change. */
  realtime?: Realtime;
}
