import { type ChangeRecord, pageChangesOf, toElementRules } from '@tabula/protocol';
import { addStyleSheet, applyElementRules, structure } from '@tabula/sdk';
import { useEffect } from 'react';
import type { PageTarget } from './page-target';

/**
 * Shows the records on the page through the SDK's own applier, so what the editor shows is what visitors of the
 * version see; a new list puts the page back first. Nothing is changed for good until the editor saves. The version's
 * style sheet shows too; its script does not run and its redirect is not followed while the page is edited.
 */
export function usePageChanges(target: PageTarget | null, records: readonly ChangeRecord[]): void {
  useEffect(() => {
    if (!target) return;
    const page = { document: target.document, onError: () => {}, structure };
    const applied = applyElementRules(toElementRules(records), page);
    const { css } = pageChangesOf(records);
    const removeSheet = css ? addStyleSheet(css, { page: target.document }) : undefined;
    return () => {
      removeSheet?.();
      applied.revert();
    };
  }, [target, records]);
}
