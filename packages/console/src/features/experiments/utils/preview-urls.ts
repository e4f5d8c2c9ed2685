import { createEnvelopeStore, type EnvelopeStore, type StorageLike } from '@tabula/sdk';

/** The page addresses people typed for previewing A/B experiments, by experiment id, on this browser. */
export type PreviewUrls = Record<string, string>;

const PREVIEW_URLS_KEY = 'tabula.console.previewUrls';
const PREVIEW_URLS_VERSION = 1;

export function parsePreviewUrls(data: unknown): PreviewUrls | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const entries = Object.entries(data);
  return entries.every(([, url]) => typeof url === 'string') ? (Object.fromEntries(entries) as PreviewUrls) : undefined;
}

export const createPreviewUrlStorage = (storage?: StorageLike): EnvelopeStore<PreviewUrls> =>
  createEnvelopeStore({ key: PREVIEW_URLS_KEY, version: PREVIEW_URLS_VERSION, parse: parsePreviewUrls, storage });

export const readPreviewUrl = (store: EnvelopeStore<PreviewUrls>, experimentId: string): string =>
  store.read()?.[experimentId] ?? '';

/** An emptied address is forgotten rather than kept as "". */
export function rememberPreviewUrl(store: EnvelopeStore<PreviewUrls>, experimentId: string, url: string): void {
  const { [experimentId]: _previous, ...others } = store.read() ?? {};
  const trimmed = url.trim();
  store.write(trimmed ? { ...others, [experimentId]: trimmed } : others);
}
