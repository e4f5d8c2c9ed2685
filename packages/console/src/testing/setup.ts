import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, vi } from 'vitest';
import { setCsrfToken } from '../lib/api-client';
import { extendDayjs } from '../lib/dayjs';
import { applyLanguage, i18nOptions } from '../lib/i18n';
import { useServerReachability } from '../lib/server-reachability';
import { loadBundles } from './bundles';

// A lazily loaded page on a busy machine can take longer than the default second to appear; waits that succeed
// return as soon as it does.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(async () => {
  extendDayjs();
  // The console's own options, with the bundles in memory instead of over HTTP and English pinned.
  const { backend: _backend, detection: _detection, ...options } = i18nOptions('test');
  i18next.on('languageChanged', applyLanguage);
  await i18next.use(initReactI18next).init({ ...options, lng: 'en', resources: loadBundles() });
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setCsrfToken(null);
  useServerReachability.setState({ unreachable: false, apiHost: null });
  localStorage.clear();
  sessionStorage.clear();
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
});
