import { createMemoryStorage } from '@tabula/sdk';
import { describe, expect, it } from 'vitest';
import { initSettingsStore, useSettingsStore } from './settings-store';
import { createSettingsStorage } from './storage';

describe('settings store', () => {
  it('restores settings from the envelope and writes changes back into it', () => {
    const storage = createMemoryStorage();
    createSettingsStorage(storage).write({ currentProjectId: 'p1', siderCollapsed: true });

    initSettingsStore(createSettingsStorage(storage));
    expect(useSettingsStore.getState()).toMatchObject({ currentProjectId: 'p1', siderCollapsed: true });

    useSettingsStore.getState().setCurrentProjectId('p2');
    const stored = JSON.parse(storage.getItem('tabula.console.settings') ?? '{}');
    expect(stored).toMatchObject({ version: 1, data: { currentProjectId: 'p2', siderCollapsed: true } });
    expect(typeof stored.createdAt).toBe('number');
  });

  it('starts from defaults when the stored record is invalid', () => {
    const storage = createMemoryStorage();
    storage.setItem(
      'tabula.console.settings',
      JSON.stringify({ version: 1, createdAt: 1, updatedAt: 1, data: { currentProjectId: 5 } }),
    );

    initSettingsStore(createSettingsStorage(storage));

    expect(useSettingsStore.getState()).toMatchObject({ currentProjectId: null, siderCollapsed: false });
    expect(storage.getItem('tabula.console.settings')).toBeNull();
  });
});
