import { create } from 'zustand';
import { type ConsoleSettings, createSettingsStorage, DEFAULT_SETTINGS } from './storage';

interface SettingsState extends ConsoleSettings {
  setCurrentProjectId: (projectId: string | null) => void;
  setSiderCollapsed: (collapsed: boolean) => void;
  setTheme: (theme: ConsoleSettings['theme']) => void;
}

export const useSettingsStore = create<SettingsState>()((set) => ({
  ...DEFAULT_SETTINGS,
  setCurrentProjectId: (currentProjectId) => set({ currentProjectId }),
  setSiderCollapsed: (siderCollapsed) => set({ siderCollapsed }),
  setTheme: (theme) => set({ theme }),
}));

let unsubscribe: (() => void) | undefined;

/** Spec §2 "the state store": restore the stored settings, then keep storing them as they change. */
export function initSettingsStore(storage = createSettingsStorage()): void {
  unsubscribe?.();
  useSettingsStore.setState(storage.read() ?? DEFAULT_SETTINGS);
  unsubscribe = useSettingsStore.subscribe(({ currentProjectId, siderCollapsed, theme }, previous) => {
    const unchanged =
      currentProjectId === previous.currentProjectId &&
      siderCollapsed === previous.siderCollapsed &&
      theme === previous.theme;
    if (!unchanged) storage.write({ currentProjectId, siderCollapsed, theme });
  });
}
