import type { Persona } from '@samvad/contracts/persona';
import type { Config } from './config/env.ts';
import type { DatabaseHandle } from './db/database.ts';

/** What routes are built from: read once at start, passed down, never imported globally. */
export type AppContext = {
  config: Config;
  database: DatabaseHandle;
  persona: Persona;
};
