import { createMemoryStorage } from '@tabula/sdk';
import { describe, expect, it } from 'vitest';
import { initSettingsStore, useSettingsStore } from './settings-store';
import { createSettingsStorage } from './storage';

describe('settings store', () => {
  it('restores settings from the envelope and writes changes back into it', () => {
    const storage = createMemoryStorage();
    createSettingsStorage(storage).write({ currentProjectId: 'p1', siderCollapsed: true, theme: 'mini-games' });

    initSettingsStore(createSettingsStorage(storage));
    expect(useSettingsStore.getState()).toMatchObject({
      currentProjectId: 'p1',
      siderCollapsed: true,
      theme: 'mini-games',
    });

    useSettingsStore.getState().setCurrentProjectId('p2');
    useSettingsStore.getState().setTheme('payment-tab');
    const stored = JSON.parse(storage.getItem('tabula.console.settings') ?? '{}');
    expect(stored).toMatchObject({
      version: 2,
      data: { currentProjectId: 'p2', siderCollapsed: true, theme: 'payment-tab' },
    });
    expect(typeof stored.createdAt).toBe('number');
  });

  it('migrates a record from before the theme, keeping what it held', () => {
    const storage = createMemoryStorage();
    storage.setItem(
      'tabula.console.settings',
      JSON.stringify({
        version: 1,
        createdAt: 1,
        updatedAt: 1,
        data: { currentProjectId: 'p1', siderCollapsed: true },
      }),
    );

    initSettingsStore(createSettingsStorage(storage));

    expect(useSettingsStore.getState()).toMatchObject({ currentProjectId: 'p1', siderCollapsed: true, theme: null });
    expect(JSON.parse(storage.getItem('tabula.console.settings') ?? '{}')).toMatchObject({ version: 2, createdAt: 1 });
  });

  it('removes a record whose theme names no edition', () => {
    const storage = createMemoryStorage();
    createSettingsStorage(storage).write({ currentProjectId: null, siderCollapsed: false, theme: null });
    const record = JSON.parse(storage.getItem('tabula.console.settings') ?? '{}');
    storage.setItem('tabula.console.settings', JSON.stringify({ ...record, data: { ...record.data, theme: 'gold' } }));

    expect(createSettingsStorage(storage).read()).toBeUndefined();
    expect(storage.getItem('tabula.console.settings')).toBeNull();
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
