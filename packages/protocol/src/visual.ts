import { z } from 'zod';
import {
  CHANGE_TYPES,
  DEVICES,
  INSERT_KINDS,
  INSERT_ORDERS,
  INSERT_POSITIONS,
  INSERTED_ATTRIBUTE,
  MOVE_TYPES,
} from './visual-constants';

export * from './visual-constants';

/**
 * Visual experiments (spec §3): the visual editor saves change records per version; they are delivered to pages as
 * element rules (see element-rules.ts), which are all the SDK applies.
 */

export const MAX_CHANGE_RECORDS = 1000;

const selectorSchema = z.string().trim().min(1, 'Please choose an element').max(2000);
const insertOrderSchema = z.enum(INSERT_ORDERS);
const INSERTED_ID = /^[a-z0-9-]{1,40}$/;

/** The selector of the element an insert record adds. */
export const insertedSelector = (id: string) => `[${INSERTED_ATTRIBUTE}="${id}"]`;

/**
 * Attributes that run script (event handlers, a frame's inline document) are not set from a change record: custom
 * JavaScript is a separate kind, off unless the project allows it, and a handler attribute would get round that.
 */
const SCRIPT_ATTRIBUTE = /^(on|srcdoc$)/i;
/** Attributes whose value is an address the browser may follow or load. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'poster', 'xlink:href', 'data']);
/**
 * Whether an address runs script when followed. URL parsing drops leading control characters and spaces and inner tabs
 * and newlines, so every character up to a space is dropped before the scheme is read.
 */
const isScriptAddress = (address: string): boolean =>
  /^(javascript|vbscript):/i.test([...address].filter((character) => character > ' ').join(''));

/** A script address in an image's srcset hides after a comma, so every candidate is checked. */
export const runsScript = (key: string, value: string): boolean =>
  URL_ATTRIBUTES.has(key.toLowerCase()) &&
  (key.toLowerCase() === 'srcset' ? value.split(',') : [value]).some(isScriptAddress);

/** A redirect's address: absolute http(s) with a host, or a path of the page's own site; no spaces. */
const REDIRECT_ADDRESS = /^(https?:\/\/[^\s/?#]+|\/(?!\/))\S*$/i;

/**
 * One change the editor made to one element. `type` is empty for a property of the element itself (textContent,
 * className); a move uses the move fields: a reorder drops the element before or after the target, and its element is
 * then found by `newSelector`; an anywhere move shifts it by x and y pixels on one device (both when none is named).
 * An insert adds an element of kind `key`, with id `value`, at `insertOrder` (before, after or inside).
 */
export const changeRecordSchema = z
  .object({
    selector: selectorSchema,
    type: z.enum(CHANGE_TYPES),
    key: z.string().max(200).default(''),
    value: z.string().max(100_000).default(''),
    moveType: z.enum(MOVE_TYPES).optional(),
    targetSelector: selectorSchema.optional(),
    insertOrder: z.enum(INSERT_POSITIONS).optional(),
    newSelector: selectorSchema.optional(),
    x: z.number().optional(),
    y: z.number().optional(),
    device: z.enum(DEVICES).optional(),
  })
  .superRefine((record, context) => {
    const missing = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    switch (record.type) {
      case 'move':
        if (record.moveType === 'reorder') {
          if (!record.targetSelector) missing('targetSelector', 'Please choose an element');
          if (!insertOrderSchema.safeParse(record.insertOrder).success)
            missing('insertOrder', 'Please choose insert order');
          if (!record.newSelector) missing('newSelector', 'Please input new selector');
        } else if (record.x === undefined || record.y === undefined) {
          missing(record.x === undefined ? 'x' : 'y', 'Please input valid position');
        }
        return;
      case 'remove':
      case 'css':
      case 'script':
        return;
      case 'insert':
        if (!(INSERT_KINDS as readonly string[]).includes(record.key)) missing('key', 'Please choose element type');
        if (!INSERTED_ID.test(record.value)) missing('value', 'Please input valid value');
        if (!record.insertOrder) missing('insertOrder', 'Please choose insert order');
        return;
      case 'redirect':
        if (!REDIRECT_ADDRESS.test(record.value)) missing('value', 'Please input valid URL');
        return;
      default:
        if (record.key === '') missing('key', 'Please input key');
        else if (SCRIPT_ATTRIBUTE.test(record.key)) missing('key', 'Please input valid key');
        else if (runsScript(record.key, record.value)) missing('value', 'Please input valid URL');
    }
  });
export type ChangeRecord = z.infer<typeof changeRecordSchema>;

export const changeRecordsSchema = z.array(changeRecordSchema).max(MAX_CHANGE_RECORDS);

/**
 * Stored records as the schema reads them today. One it refuses (written before a rule tightened) is left out, and the
 * others still apply: one bad change must not take a whole version's changes off the page, and the editor shows what
 * visitors see.
 */
export const validChangeRecords = (records: readonly unknown[]): ChangeRecord[] =>
  records.flatMap((record) => {
    const parsed = changeRecordSchema.safeParse(record);
    return parsed.success ? [parsed.data] : [];
  });

/** A real attribute of the element; `class` is how a className change arrives. */
export const elementAttributeSchema = z.object({ key: z.string().min(1), value: z.string() });
export type ElementAttribute = z.infer<typeof elementAttributeSchema>;

/**
 * What a rule does beyond attributes: set the text (as text, never HTML), set one inline style with the important
 * flag (`name` is the dashed CSS property), move the element next to the target's element, take it off the page, or
 * insert a new element beside or inside it.
 */
export const elementOperationSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), value: z.string() }),
  /** `device`: only on pages laid out for that device (an anywhere move made there). */
  z.object({
    type: z.literal('style'),
    name: z.string().min(1),
    value: z.string(),
    device: z.enum(DEVICES).optional(),
  }),
  z.object({ type: z.literal('remove') }),
  z.object({
    type: z.literal('insert'),
    kind: z.enum(INSERT_KINDS),
    id: z.string(),
    position: z.enum(INSERT_POSITIONS),
  }),
  z.object({
    type: z.literal('move'),
    targetSelector: z.string().min(1),
    insertOrder: insertOrderSchema,
    newSelector: z.string().min(1),
  }),
]);
export type ElementOperation = z.infer<typeof elementOperationSchema>;

export const elementRuleSchema = z.object({
  selector: z.string().min(1),
  attributes: z.array(elementAttributeSchema),
  operations: z.array(elementOperationSchema),
});
export type ElementRule = z.infer<typeof elementRuleSchema>;
