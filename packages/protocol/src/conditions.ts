import { z } from 'zod';

/** ARCHITECTURE §5: every operator a rule condition may use. */
export const CONDITION_OPERATORS = [
  'in',
  'not_in',
  'eq',
  'neq',
  'contains',
  'starts_with',
  'ends_with',
  'matches',
  'gt',
  'gte',
  'lt',
  'lte',
  'semver_eq',
  'semver_gt',
  'semver_lt',
  'before',
  'after',
  'exists',
  'in_hashed',
  'not_in_hashed',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/**
 * Membership tests whose values the payload carries as SHA-256 digests (lower-case hex of the UTF-8 text), so that
 * a list of e-mail addresses or account ids is not readable by anyone holding the client key. The console and the
 * database keep the values as typed; the payload builder hashes them, and the SDK hashes the attribute to compare.
 */
export const HASHED_OPERATORS = ['in_hashed', 'not_in_hashed'] as const satisfies readonly ConditionOperator[];

export const conditionValueSchema = z.union([z.string().max(1000), z.number(), z.boolean()]);
export type ConditionValue = z.infer<typeof conditionValueSchema>;

/**
 * One test of one attribute. A rule's conditions are ANDed. `values` holds the operands: several for in/not_in
 * (and any-of for the others), none for exists. The operator stays a plain string in the payload so that an SDK
 * older than the server meets an unknown operator as "false plus a report", never as a parse failure.
 */
export const conditionSchema = z.object({
  attribute: z.string().min(1).max(200),
  operator: z.string().min(1).max(40),
  values: z.array(conditionValueSchema).max(1000),
  negate: z.boolean().optional(),
});
export type Condition = z.infer<typeof conditionSchema>;

/** What the console accepts: only known operators. */
export const conditionInputSchema = conditionSchema.extend({ operator: z.enum(CONDITION_OPERATORS) });

/** A saved audience: a named list of conditions (ANDed), reused by rules and experiments. */
export const payloadSegmentSchema = z.object({ key: z.string(), conditions: z.array(conditionSchema) });
export type PayloadSegment = z.infer<typeof payloadSegmentSchema>;
