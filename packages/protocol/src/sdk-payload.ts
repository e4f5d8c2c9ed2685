import { z } from 'zod';
import { conditionSchema, payloadSegmentSchema } from './conditions';
import { elementRuleSchema } from './visual';

/**
 * The SDK payload: everything one environment needs to evaluate flags and experiments locally
 * (GET /sdk/v1/payload/:clientKey). Hashing and assignment follow ARCHITECTURE §5:
 *   bucket(salt, unit) = murmur3_x86_32(utf8(salt + "." + unit), seed 0) mod 10000
 *   layer slot        = bucket(layer.key, unit), in the experiment when start <= slot < end
 *   traffic           = bucket("traffic." + experimentSalt, unit) < experiment.traffic
 *   version           = the cumulative-weight interval bucket(experimentSalt, unit) falls in
 *   flag rollout      = the cumulative-weight interval bucket(flag.key + "." + rule.id, unit) falls in
 *   holdout           = bucket(holdout.salt, unit) < holdout.percent
 * where experimentSalt = experiment.key for phase 0, and experiment.key + "." + phase once re-randomised.
 */

export const PAYLOAD_FORMAT = 1;
/**
 * The property of the snippet's script element that carries the environment's payload when the SDK bundle is loaded
 * with `?key=` its client key: the server puts it in front of the bundle, and the SDK starts from it.
 */
export const SCRIPT_PAYLOAD_PROPERTY = 'tabulaPayload';
/** Weights and traffic are in basis points: 10000 is everyone. */
export const BUCKETS = 10_000;

export const FLAG_TYPES = ['boolean', 'string', 'number', 'json'] as const;
export const flagTypeSchema = z.enum(FLAG_TYPES);
export type FlagType = z.infer<typeof flagTypeSchema>;

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export const jsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonValueSchema),
    z.record(z.string(), jsonValueSchema),
  ]),
);
// Named, so the API document can refer to the recursive schema (its components hold it under this id).
z.globalRegistry.add(jsonValueSchema, { id: 'JsonValue' });

export const variantSchema = z.object({ key: z.string().min(1).max(100), value: jsonValueSchema });
export type Variant = z.infer<typeof variantSchema>;

/**
 * What a flag says about itself to the code that reads it (OpenFeature's flag metadata: an owner, a ticket, a
 * version): scalar values only, as OpenFeature allows.
 */
export const flagMetadataSchema = z
  .record(z.string().trim().min(1).max(64), z.union([z.string().max(500), z.number().finite(), z.boolean()]))
  .refine((metadata) => Object.keys(metadata).length <= 50, 'A flag holds at most 50 metadata entries');
export type FlagMetadata = z.infer<typeof flagMetadataSchema>;

/**
 * The project's running holdout, on each experiment and flag it covers: a unit with bucket(salt, unit) < percent gets
 * no version of the experiment and none of the flag's rules (its default instead). The salt is random, so membership
 * is independent of every layer slot and version. The unit's exposure to it is logged as version `holdout` or `general`.
 */
export const payloadHoldoutSchema = z.object({
  key: z.string(),
  salt: z.string(),
  percent: z.number().int().min(0).max(BUCKETS),
});
export type PayloadHoldout = z.infer<typeof payloadHoldoutSchema>;
export const HOLDOUT_VERSIONS = ['holdout', 'general'] as const;

export const weightSchema = z.object({ variant: z.string(), weight: z.number().int().min(0).max(BUCKETS) });

/** What a matching rule serves. */
export const serveSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('variant'), variant: z.string() }),
  /** Weights sum to 10000; the unit is the attribute named by `unitAttribute` (default `id`). */
  z.object({ kind: z.literal('rollout'), weights: z.array(weightSchema).min(1), unitAttribute: z.string().optional() }),
  /**
   * The value comes from the unit's version of a running experiment: `version.params[param ?? flag.key]`.
   * A unit outside the experiment (conditions, traffic, layer) does not match the rule.
   */
  z.object({ kind: z.literal('experiment'), experiment: z.string(), param: z.string().optional() }),
]);
export type Serve = z.infer<typeof serveSchema>;

export const flagRuleSchema = z.object({
  id: z.string().min(1).max(64),
  conditions: z.array(conditionSchema),
  /** Keys of segments the unit must all be in. */
  segments: z.array(z.string()),
  serve: serveSchema,
});
export type FlagRule = z.infer<typeof flagRuleSchema>;

/**
 * Another flag this one depends on, in the same environment: it is met when that flag is on and serves one of these
 * variants (a boolean flag "on" is its variant `on`). A flag with a prerequisite not met serves its off variant, with
 * reason PREREQUISITE_FAILED.
 */
export const prerequisiteSchema = z.object({ flag: z.string(), variants: z.array(z.string()).min(1) });
export type Prerequisite = z.infer<typeof prerequisiteSchema>;

/** A flag as one environment sees it: the enabled switch and ordered rules are per environment. */
export const payloadFlagSchema = z.object({
  key: z.string(),
  type: flagTypeSchema,
  variants: z.array(variantSchema).min(1),
  /**
   * Served when the flag is on and no rule matches (reason DEFAULT), or when it has no rules (STATIC). Null: none, the
   * caller's own default value is served.
   */
  defaultVariant: z.string().nullable(),
  /** Served while the flag is off in this environment (reason DISABLED); null serves the caller's default. */
  offVariant: z.string().nullable(),
  enabled: z.boolean(),
  rules: z.array(flagRuleSchema),
  /** Checked, in order, before the rules; left out when the flag has none. */
  prerequisites: z.array(prerequisiteSchema).optional(),
  /** Left out when the flag has none. */
  metadata: flagMetadataSchema.optional(),
  /** Left out unless the project's running holdout covers the flag. */
  holdout: payloadHoldoutSchema.optional(),
});
export type PayloadFlag = z.infer<typeof payloadFlagSchema>;

export const payloadVersionSchema = z.object({
  key: z.string(),
  name: z.string(),
  weight: z.number().int().min(0).max(BUCKETS),
  isControl: z.boolean(),
  params: z.record(z.string(), jsonValueSchema),
  /** Visual experiments only: the version's change records as the element rules the SDK applies (spec §3). */
  elementRules: z.array(elementRuleSchema).optional(),
  /** Visual experiments only, each left out when the version has none: a style sheet the SDK adds to the page. */
  css: z.string().optional(),
  /** The address (on the Tabula server) of the version's custom script, which the SDK loads as a script file. */
  script: z.string().optional(),
  /** Another address the version sends its visitors to, keeping the query string of the page they came to. */
  redirect: z.string().optional(),
});
export type PayloadVersion = z.infer<typeof payloadVersionSchema>;

export const payloadExperimentSchema = z.object({
  key: z.string(),
  kind: z.enum(['ab', 'visual']),
  /** Which attribute splits traffic (the unit id); `id` unless the experiment says otherwise. */
  unitAttribute: z.string(),
  /** Share of eligible units that enter, in basis points. */
  traffic: z.number().int().min(0).max(BUCKETS),
  /** Bumped when the experiment is re-randomised: new salt, and sticky assignments of older phases are dropped. */
  phase: z.number().int().min(0),
  conditions: z.array(conditionSchema),
  segments: z.array(z.string()),
  layer: z.object({ key: z.string(), start: z.number().int(), end: z.number().int() }).nullable(),
  /** Visual experiments only: the pages they change (spec §3), matched as `pageUrlMatches` says. */
  page: z.object({ url: z.string(), match: z.enum(['exact', 'fuzzy']) }).nullable(),
  versions: z.array(payloadVersionSchema).min(1),
  /** Left out unless the project's running holdout covers the experiment. */
  holdout: payloadHoldoutSchema.optional(),
});
export type PayloadExperiment = z.infer<typeof payloadExperimentSchema>;

export const sdkPayloadSchema = z.object({
  format: z.literal(PAYLOAD_FORMAT),
  projectId: z.string(),
  environment: z.string(),
  /** Changes whenever anything in the payload changes; the ETag is derived from it. */
  revision: z.string(),
  generatedAt: z.string(),
  segments: z.array(payloadSegmentSchema),
  flags: z.array(payloadFlagSchema),
  /** Running experiments only. */
  experiments: z.array(payloadExperimentSchema),
  /**
   * The selectors of the click metrics running experiments use: an SDK with visual experiments on sends a `$click`
   * event when the visitor clicks an element matching one. Absent from payloads of servers that predate it.
   */
  clickSelectors: z.array(z.string()).optional(),
});
export type SdkPayload = z.infer<typeof sdkPayloadSchema>;

/**
 * What an environment with payload encryption serves in place of its payload: the payload's JSON encrypted with
 * AES-GCM under the environment's key, as `<iv>.<ciphertext and tag>` (both base64). The revision and the time stay
 * readable, so caches revalidate and the SDK picks the newer of two without the key. It is shaped as a payload with
 * nothing in it, so an SDK that predates encryption serves defaults rather than failing.
 */
export const sealedPayloadSchema = z.object({
  format: z.literal(PAYLOAD_FORMAT),
  revision: z.string(),
  generatedAt: z.string(),
  segments: z.tuple([]),
  flags: z.tuple([]),
  experiments: z.tuple([]),
  encrypted: z.string(),
});
export type SealedPayload = z.infer<typeof sealedPayloadSchema>;
/** AES-128: the key is 16 random bytes, shown (base64) beside the environment's client keys. */
export const PAYLOAD_KEY_BYTES = 16;
export const PAYLOAD_IV_BYTES = 12;
