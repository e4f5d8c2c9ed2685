import { type ChangeRecord, toElementRules } from '@tabula/protocol';
import { applyElementRules } from '@tabula/sdk';
import { useEffect } from 'react';
import type { PageTarget } from './page-target';

/**
 * Shows the records on the page through the SDK's own applier, so what the editor shows is what visitors of the
 * version see; a new list puts the page back first. Nothing is changed for good until the editor saves.
 */
export function usePageChanges(target: PageTarget | null, records: readonly ChangeRecord[]): void {
  useEffect(() => {
    if (!target) return;
    const applied = applyElementRules(toElementRules(records), { document: target.document, onError: () => {} });
    return () => applied.revert();
  }, [target, records]);
}
