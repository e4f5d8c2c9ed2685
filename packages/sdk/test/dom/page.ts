import { type ChangeRecord, changeRecordSchema, type ElementRule, toElementRules } from '@tabula/protocol';

/** Element rules as the editor's change records become them, through the protocol's own conversion. */
export const rulesFrom = (...records: Array<Partial<ChangeRecord> & Pick<ChangeRecord, 'selector' | 'type'>>) =>
  toElementRules(records.map((record) => changeRecordSchema.parse(record)));

export const textRule = (selector: string, value: string): ElementRule[] =>
  rulesFrom({ selector, type: '', key: 'textContent', value });

/** Lets the MutationObservers of the page and of the SDK answer what just happened, and what that made happen. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

export const byId = (id: string) => document.getElementById(id)!;
