import { z } from 'zod';

/**
 * Visual experiments (spec §3): the visual editor saves change records per version; they are delivered to pages as
 * element rules (see element-rules.ts), which are all the SDK applies.
 */

export const CHANGE_TYPES = ['style', 'attribute', 'move', ''] as const;
export const MOVE_TYPES = ['reorder', 'anywhere'] as const;
export const INSERT_ORDERS = ['before', 'after'] as const;
export const MAX_CHANGE_RECORDS = 1000;

const selectorSchema = z.string().trim().min(1, 'Please choose an element').max(2000);
const insertOrderSchema = z.enum(INSERT_ORDERS);

/**
 * One change the editor made to one element. `type` is empty for a property of the element itself (textContent,
 * className); a move uses the move fields: a reorder drops the element before or after the target, and its element is
 * then found by `newSelector`; an anywhere move shifts it by x and y pixels.
 */
export const changeRecordSchema = z
  .object({
    selector: selectorSchema,
    type: z.enum(CHANGE_TYPES),
    key: z.string().max(200).default(''),
    value: z.string().max(100_000).default(''),
    moveType: z.enum(MOVE_TYPES).optional(),
    targetSelector: selectorSchema.optional(),
    insertOrder: insertOrderSchema.optional(),
    newSelector: selectorSchema.optional(),
    x: z.number().optional(),
    y: z.number().optional(),
  })
  .superRefine((record, context) => {
    const missing = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (record.type !== 'move') {
      if (record.key === '') missing('key', 'Please input key');
      return;
    }
    if (record.moveType === 'reorder') {
      if (!record.targetSelector) missing('targetSelector', 'Please choose an element');
      if (!record.insertOrder) missing('insertOrder', 'Please choose insert order');
      if (!record.newSelector) missing('newSelector', 'Please input new selector');
    } else if (record.x === undefined || record.y === undefined) {
      missing(record.x === undefined ? 'x' : 'y', 'Please input valid position');
    }
  });
export type ChangeRecord = z.infer<typeof changeRecordSchema>;

export const changeRecordsSchema = z.array(changeRecordSchema).max(MAX_CHANGE_RECORDS);

/** A real attribute of the element; `class` is how a className change arrives. */
export const elementAttributeSchema = z.object({ key: z.string().min(1), value: z.string() });
export type ElementAttribute = z.infer<typeof elementAttributeSchema>;

/**
 * What a rule does beyond attributes: set the text (as text, never HTML), set one inline style with the important
 * flag (`name` is the dashed CSS property), or move the element next to the target's element.
 */
export const elementOperationSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), value: z.string() }),
  z.object({ type: z.literal('style'), name: z.string().min(1), value: z.string() }),
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
