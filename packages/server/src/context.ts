import type { Config } from './config';
import type { Database } from './db/client';
import type { PasswordHasher } from './features/auth/passwords';

/** What every feature's routes receive from the app. */
export interface AppContext {
  config: Config;
  db: Database;
  passwords: PasswordHasher;
}
