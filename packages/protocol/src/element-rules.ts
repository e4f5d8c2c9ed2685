import {
  type ChangeRecord,
  type Device,
  type ElementAttribute,
  type ElementOperation,
  type ElementRule,
  PAGE_CHANGE_TYPES,
  type PageChangeType,
} from './visual';

/** Keys of change records that name a property of the element rather than an attribute. */
const TEXT_KEY = 'textContent';
const CLASS_KEY = 'className';
const BACKGROUND_IMAGE = 'background-image';

/** `backgroundColor` → `background-color`; a vendor prefix keeps its leading dash (`msTransform` → `-ms-transform`). */
export function dashedStyleName(name: string): string {
  if (name.startsWith('--')) return name;
  const dashed = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return dashed.startsWith('ms-') ? `-${dashed}` : dashed;
}

/**
 * The value an inline style is set to. The important flag travels apart from the value (the SDK sets it through
 * CSSOM), so one typed into the value is dropped; an image address becomes a quoted url() (newlines removed, as URL
 * parsing would) and no image means none.
 */
export function styleValue(name: string, value: string): string {
  const plain = value.replace(/!\s*important\s*$/i, '').trim();
  if (name !== BACKGROUND_IMAGE) return plain;
  if (plain === '') return 'none';
  if (!/^https?:\/\//i.test(plain)) return plain;
  return `url("${plain.replace(/[\n\r\f]/g, '').replace(/["\\]/g, '\\$&')}")`;
}

/** An anywhere move shifts the element from where it is laid out, by x and y pixels, on its device only if it names one. */
function positionOperations(x: number, y: number, device: Device | undefined): ElementOperation[] {
  const style = (name: string, value: string): ElementOperation => ({
    type: 'style',
    name,
    value,
    ...(device && { device }),
  });
  return [style('position', 'relative'), style('left', `${x}px`), style('top', `${y}px`)];
}

const isPageChange = (record: ChangeRecord): boolean => (PAGE_CHANGE_TYPES as readonly string[]).includes(record.type);

/** One record as a rule of its own, for a record as changeRecordSchema accepts it (not a change of the whole page). */
function ruleOf(record: ChangeRecord): ElementRule {
  const rule: ElementRule = { selector: record.selector, attributes: [], operations: [] };
  switch (record.type) {
    case 'remove':
      rule.operations.push({ type: 'remove' });
      break;
    case 'insert':
      rule.operations.push({
        type: 'insert',
        kind: record.key as Extract<ElementOperation, { type: 'insert' }>['kind'],
        id: record.value,
        position: record.insertOrder!,
      });
      break;
    case 'style': {
      const name = dashedStyleName(record.key);
      rule.operations.push({ type: 'style', name, value: styleValue(name, record.value) });
      break;
    }
    case 'move':
      if (record.moveType === 'reorder') {
        rule.operations.push({
          type: 'move',
          targetSelector: record.targetSelector!,
          insertOrder: record.insertOrder as 'before' | 'after',
          newSelector: record.newSelector!,
        });
      } else {
        rule.operations.push(...positionOperations(record.x ?? 0, record.y ?? 0, record.device));
      }
      break;
    case 'attribute':
    case '':
      if (record.key === TEXT_KEY) rule.operations.push({ type: 'text', value: record.value });
      else rule.attributes.push({ key: record.key === CLASS_KEY ? 'class' : record.key, value: record.value });
      break;
  }
  return rule;
}

/** What an operation sets: a later operation setting the same thing replaces it, where the first one stood. */
function slotOf(operation: ElementOperation): string {
  switch (operation.type) {
    case 'text':
      return 'text';
    case 'style':
      return `style:${operation.name}:${operation.device ?? ''}`;
    case 'insert':
      return `insert:${operation.id}`;
    default:
      return operation.type;
  }
}

/**
 * One rule per selector, in the order selectors first appear; within it, attributes and operations in the order they
 * first appear, each holding the last value given to it.
 */
export function mergeElementRules(rules: readonly ElementRule[]): ElementRule[] {
  const merged = new Map<
    string,
    { attributes: Map<string, ElementAttribute>; operations: Map<string, ElementOperation> }
  >();
  for (const rule of rules) {
    let entry = merged.get(rule.selector);
    if (!entry) {
      entry = { attributes: new Map(), operations: new Map() };
      merged.set(rule.selector, entry);
    }
    for (const attribute of rule.attributes) entry.attributes.set(attribute.key, attribute);
    for (const operation of rule.operations) entry.operations.set(slotOf(operation), operation);
  }
  return Array.from(merged, ([selector, entry]) => ({
    selector,
    attributes: [...entry.attributes.values()],
    operations: [...entry.operations.values()],
  }));
}

/** Spec §3: a version's change records, in the order they were made, as the element rules the SDK applies. */
export const toElementRules = (records: readonly ChangeRecord[]): ElementRule[] =>
  mergeElementRules(records.filter((record) => !isPageChange(record)).map(ruleOf));

/** A version's changes of the whole page: its style sheet, its script and its redirect, each the last one given. */
export type PageChanges = Partial<Record<PageChangeType, string>>;

export function pageChangesOf(records: readonly ChangeRecord[]): PageChanges {
  const changes: PageChanges = {};
  for (const record of records) if (isPageChange(record)) changes[record.type as PageChangeType] = record.value;
  return changes;
}
