import { useState } from 'react';
import { createPreviewUrlStorage, readPreviewUrl, rememberPreviewUrl } from '../utils/preview-urls';

/** The page an A/B experiment is previewed on, typed once and remembered on this browser. */
export function usePreviewUrl(experimentId: string) {
  const [store] = useState(() => createPreviewUrlStorage());
  const [url, setUrl] = useState(() => readPreviewUrl(store, experimentId));
  const remember = (next: string) => {
    setUrl(next.trim());
    rememberPreviewUrl(store, experimentId, next);
  };
  return [url, remember] as const;
}
