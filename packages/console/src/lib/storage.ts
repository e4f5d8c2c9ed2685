import { type Edition, editionSchema } from '@tabula/protocol';
import { createEnvelopeStore, type EnvelopeStore, type StorageLike } from '@tabula/sdk';

/** Console settings kept on this browser, in the spec §3 envelope. */
export interface ConsoleSettings {
  currentProjectId: string | null;
  siderCollapsed: boolean;
  /** Spec §1: the edition chosen here, in force where the host name selects none. */
  theme: Edition | null;
}

export const DEFAULT_SETTINGS: ConsoleSettings = { currentProjectId: null, siderCollapsed: false, theme: null };

const SETTINGS_KEY = 'tabula.console.settings';
const SETTINGS_VERSION = 2;
/** Spec §3: older records are migrated, not cleared; version 1 predates the theme. */
const SETTINGS_MIGRATIONS = { 1: (data: unknown) => ({ ...(data as object), theme: null }) };

export function parseSettings(data: unknown): ConsoleSettings | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { currentProjectId, siderCollapsed, theme } = data as Record<string, unknown>;
  if (currentProjectId !== null && typeof currentProjectId !== 'string') return undefined;
  if (typeof siderCollapsed !== 'boolean') return undefined;
  if (theme !== null && !editionSchema.safeParse(theme).success) return undefined;
  return { currentProjectId, siderCollapsed, theme: theme as Edition | null };
}

export function createSettingsStorage(storage?: StorageLike): EnvelopeStore<ConsoleSettings> {
  return createEnvelopeStore({
    key: SETTINGS_KEY,
    version: SETTINGS_VERSION,
    parse: parseSettings,
    migrations: SETTINGS_MIGRATIONS,
    storage,
  });
}

/** sessionStorage, for values that belong to one tab's sign-in round trip; reaching it can throw. */
export function sessionStorageOrUndefined(): StorageLike | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}
