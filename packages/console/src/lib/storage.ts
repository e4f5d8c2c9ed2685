import { createEnvelopeStore, type EnvelopeStore, type StorageLike } from '@tabula/sdk';

/** Console settings kept on this browser, in the spec §3 envelope. */
export interface ConsoleSettings {
  currentProjectId: string | null;
  siderCollapsed: boolean;
}

export const DEFAULT_SETTINGS: ConsoleSettings = { currentProjectId: null, siderCollapsed: false };

const SETTINGS_KEY = 'tabula.console.settings';
const SETTINGS_VERSION = 1;

export function parseSettings(data: unknown): ConsoleSettings | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { currentProjectId, siderCollapsed } = data as Record<string, unknown>;
  if (currentProjectId !== null && typeof currentProjectId !== 'string') return undefined;
  if (typeof siderCollapsed !== 'boolean') return undefined;
  return { currentProjectId, siderCollapsed };
}

export function createSettingsStorage(storage?: StorageLike): EnvelopeStore<ConsoleSettings> {
  return createEnvelopeStore({ key: SETTINGS_KEY, version: SETTINGS_VERSION, parse: parseSettings, storage });
}

/** sessionStorage, for values that belong to one tab's sign-in round trip; reaching it can throw. */
export function sessionStorageOrUndefined(): StorageLike | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}
