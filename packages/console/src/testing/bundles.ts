import type { Resource } from 'i18next';

// The bundles the server serves, read straight from public/ so tests see exactly what users get.
const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

export function loadBundles(): Resource {
  const resources: Resource = {};
  for (const [path, bundle] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language = '', namespace = ''] = match;
    resources[language] = { ...resources[language], [namespace]: bundle };
  }
  return resources;
}
