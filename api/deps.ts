/**
 * What the API is built over (api/app.ts wires it; route modules receive RouteDeps). Its own module so route files
 * need not import the app that imports them.
 */
import type { Db } from 'mongodb';
import type { Config } from '../domain/platform/config';
import type { TemporalHandle } from '../domain/jobs';
import type { KeyCache } from '../domain/access/key-cache';
import type { Logger } from '../domain/platform/logger';
import type { Cursors } from '../domain/http/pagination';
import type { SessionVerifier } from '../domain/access/session';
import type { Storage } from '../domain/platform/storage';

export interface AppDeps {
  config: Config;
  logger: Logger;
  db: Db;
  storage: Storage;
  temporal: TemporalHandle;
  /** Defaults to the verifier built from config (JWKS or the local HS256 secret). */
  verifySession?: SessionVerifier;
}

/** What route modules receive: the dependencies plus the per-app helpers built from them. */
export interface RouteDeps extends AppDeps {
  cursors: Cursors;
  keys: KeyCache;
}
