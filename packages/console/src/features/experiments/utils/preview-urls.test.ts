import { createMemoryStorage } from '@tabula/sdk';
import { describe, expect, it } from 'vitest';
import { createPreviewUrlStorage, parsePreviewUrls, readPreviewUrl, rememberPreviewUrl } from './preview-urls';

describe('remembered preview addresses', () => {
  it('keeps one address per experiment in the storage envelope', () => {
    const storage = createMemoryStorage();
    const store = createPreviewUrlStorage(storage);
    rememberPreviewUrl(store, 'expA', ' https://shop.example/a ');
    rememberPreviewUrl(store, 'expB', 'https://shop.example/b');

    const again = createPreviewUrlStorage(storage);
    expect(readPreviewUrl(again, 'expA')).toBe('https://shop.example/a');
    expect(readPreviewUrl(again, 'expB')).toBe('https://shop.example/b');
    expect(JSON.parse(storage.getItem('tabula.console.previewUrls') ?? '{}')).toMatchObject({ version: 1 });
  });

  it('forgets an address that is emptied', () => {
    const store = createPreviewUrlStorage(createMemoryStorage());
    rememberPreviewUrl(store, 'expA', 'https://shop.example/a');
    rememberPreviewUrl(store, 'expA', '  ');
    expect(readPreviewUrl(store, 'expA')).toBe('');
    expect(store.read()).toEqual({});
  });

  it('drops a stored record that is not a map of addresses', () => {
    expect(parsePreviewUrls({ expA: 'https://a.example' })).toEqual({ expA: 'https://a.example' });
    expect(parsePreviewUrls({ expA: 3 })).toBeUndefined();
    expect(parsePreviewUrls(['https://a.example'])).toBeUndefined();
    const storage = createMemoryStorage();
    storage.setItem(
      'tabula.console.previewUrls',
      JSON.stringify({ version: 1, createdAt: 1, updatedAt: 1, data: 'broken' }),
    );
    expect(readPreviewUrl(createPreviewUrlStorage(storage), 'expA')).toBe('');
    expect(storage.getItem('tabula.console.previewUrls')).toBeNull();
  });
});
