import type { VitalName } from '@tabula/protocol';
import { onCLS, onFCP, onINP, onLCP } from 'web-vitals';

type OnVital = (name: VitalName, value: number) => void;

/**
 * web-vitals dropped FID for its successor INP; spec §9 still rates FID, so the first input's delay is read from
 * the browser's own `first-input` entry, as web-vitals used to.
 */
function watchFirstInputDelay(onVital: OnVital): void {
  if (typeof PerformanceObserver === 'undefined') return;
  if (!PerformanceObserver.supportedEntryTypes?.includes('first-input')) return;
  const observer = new PerformanceObserver((list) => {
    const entry = list.getEntries()[0] as PerformanceEventTiming | undefined;
    if (!entry) return;
    observer.disconnect();
    onVital('FID', entry.processingStart - entry.startTime);
  });
  observer.observe({ type: 'first-input', buffered: true });
}

/** Spec §7: FCP, LCP, FID (and INP) and CLS, each reported once it is final. */
export function watchVitals(onVital: OnVital): void {
  onFCP((metric) => onVital('FCP', metric.value));
  onLCP((metric) => onVital('LCP', metric.value));
  onINP((metric) => onVital('INP', metric.value));
  onCLS((metric) => onVital('CLS', metric.value));
  watchFirstInputDelay(onVital);
}
