import type { Config } from './config';
import type { ChangeBus } from './db/change-bus';
import type { ClickHouse } from './db/clickhouse/connection';
import type { Database } from './db/client';
import type { ClientKeys } from './features/api-keys/service';
import type { AccountSecrets } from './features/auth/account';
import type { LoginThrottleStore } from './features/auth/login-throttle';
import type { MfaChallenges } from './features/auth/mfa-challenge';
import type { PasswordHasher } from './features/auth/passwords';
import type { EventWriter } from './features/sdk-events/service';
import type { LoggedExposures, PayloadCache } from './features/sdk-payload/service';
import type { DeliveryWorker } from './features/webhooks/worker';
import type { Monitoring } from './lib/monitoring';
import type { secretBox } from './lib/secret-box';

/** What every feature's routes receive from the app. */
export interface AppContext {
  config: Config;
  db: Database;
  /** For the long statements of refreshing results, on connections of their own with a longer timeout. */
  analysisDb: Database;
  /** Where SDK events are stored and analysed, when configured; else in the SQL database. */
  clickhouse: ClickHouse | null;
  passwords: PasswordHasher;
  /** Failed sign-ins per address and per account: in Redis when configured (shared by every process), else here. */
  throttle: LoginThrottleStore;
  /** The proofs of a right password that the second step of signing in takes. */
  mfaChallenges: MfaChallenges;
  accountSecrets: AccountSecrets;
  /** Tells caches in every server process that a project's payload-relevant data changed. */
  changes: ChangeBus;
  clientKeys: ClientKeys;
  /** Each environment's SDK payload, built once per change and shared by every route that serves it. */
  payloads: PayloadCache;
  /** The process's one group-committing writer of SDK events. */
  eventWriter: EventWriter;
  /** The exposures this process logged lately for server-side evaluations, which it need not write again. */
  loggedExposures: LoggedExposures;
  /** Seals webhook signing secrets, and the process's worker sending the outbox's due deliveries. */
  webhooks: { secrets: ReturnType<typeof secretBox>; worker: DeliveryWorker };
  /** What operators scrape from `/metrics`. */
  monitoring: Monitoring;
}
