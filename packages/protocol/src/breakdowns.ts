import { z } from 'zod';
import { metricResultSchema, resultsQuerySchema } from './results';
import { MULTIPLE_TESTING_CORRECTIONS } from './statistics-settings';

/** The dimensions every exposure may carry: the server reads them from the request, a server SDK may send them. */
export const STANDARD_DIMENSIONS = ['browser', 'device', 'os', 'country'] as const;
export type StandardDimension = (typeof STANDARD_DIMENSIONS)[number];

export const BROWSERS = ['Chrome', 'Safari', 'Firefox', 'Edge', 'Samsung Internet', 'Other'] as const;
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet'] as const;
export const OPERATING_SYSTEMS = ['Windows', 'macOS', 'iOS', 'Android', 'Linux', 'Other'] as const;

/** Attributes a project may choose to break results down by, which exposures carry in `dimensions.attributes`. */
export const MAX_BREAKDOWN_ATTRIBUTES = 5;
/** A chosen attribute's value is kept this long: slices are for few, short values (a plan, a market). */
export const MAX_DIMENSION_VALUE_LENGTH = 64;
/** Slices shown by units, largest first; the rest add up to "other". */
export const TOP_SLICES = 8;

/** An ISO 3166-1 alpha-2 country code, as CDNs send it. */
export const countryCodeSchema = z
  .string()
  .regex(/^[A-Z]{2}$/, 'A country is a two-letter ISO 3166-1 code in capitals, such as "DE"');

const MAX_ATTRIBUTE_NAME_LENGTH = 100;
const ATTRIBUTE_NAME = /^[A-Za-z0-9_.$-]+$/;

export const breakdownAttributeNameSchema = z
  .string()
  .min(1)
  .max(MAX_ATTRIBUTE_NAME_LENGTH)
  .regex(ATTRIBUTE_NAME, 'An attribute name holds letters, digits, "_", ".", "$" or "-"');

/** What breakdownAttributeNameSchema accepts, asked of every attribute of every exposure stored: without a parse. */
export const isBreakdownAttributeName = (name: string): boolean =>
  name.length <= MAX_ATTRIBUTE_NAME_LENGTH && ATTRIBUTE_NAME.test(name);

export const breakdownAttributesSchema = z
  .array(breakdownAttributeNameSchema)
  .max(MAX_BREAKDOWN_ATTRIBUTES, `Choose at most ${MAX_BREAKDOWN_ATTRIBUTES} attributes to break results down by`)
  .refine((names) => new Set(names).size === names.length, 'Each attribute once');

/**
 * What an exposure may say of its unit for breakdowns. A browser's SDK leaves out what the server reads from the
 * request (browser, device, OS, country); a server SDK sending on a visitor's behalf passes them.
 */
export const exposureDimensionsSchema = z.strictObject({
  browser: z.enum(BROWSERS).optional(),
  device: z.enum(DEVICE_TYPES).optional(),
  os: z.enum(OPERATING_SYSTEMS).optional(),
  country: countryCodeSchema.optional(),
  attributes: z
    .record(
      breakdownAttributeNameSchema,
      z.union([z.string().max(MAX_DIMENSION_VALUE_LENGTH), z.number().finite(), z.boolean()]),
    )
    .refine((values) => Object.keys(values).length <= MAX_BREAKDOWN_ATTRIBUTES, {
      message: `At most ${MAX_BREAKDOWN_ATTRIBUTES} attributes`,
    })
    .optional(),
});
export type ExposureDimensions = z.infer<typeof exposureDimensionsSchema>;

/** A chosen attribute as a dimension: `attribute:<name>`. */
export const ATTRIBUTE_DIMENSION_PREFIX = 'attribute:';
export const attributeDimension = (name: string): string => `${ATTRIBUTE_DIMENSION_PREFIX}${name}`;

/** A dimension to break results down by: a standard one, or `attribute:<name>` of a chosen attribute. */
export const dimensionSchema = z.union([
  z.enum(STANDARD_DIMENSIONS),
  z
    .string()
    .startsWith(ATTRIBUTE_DIMENSION_PREFIX)
    .refine((value) => breakdownAttributeNameSchema.safeParse(value.slice(ATTRIBUTE_DIMENSION_PREFIX.length)).success),
]);

export const breakdownQuerySchema = resultsQuerySchema.extend({
  dimension: dimensionSchema.describe(
    `${STANDARD_DIMENSIONS.join(', ')}, or ${ATTRIBUTE_DIMENSION_PREFIX}<name> of an attribute the project chose`,
  ),
});
export type BreakdownQuery = z.infer<typeof breakdownQuerySchema>;

/** A slice: one value, the values past the top ones together ("other"), or units whose exposure had none. */
export const SLICE_KINDS = ['value', 'other', 'unknown'] as const;

export const breakdownSliceSchema = z.object({
  kind: z.enum(SLICE_KINDS),
  /** The dimension's value; null for "other" and "unknown". */
  value: z.string().nullable(),
  /** Units per version key, by the dimension at their first exposure. */
  units: z.record(z.string(), z.number()),
  /** Each metric as on the results page (without its series), within the slice. */
  metrics: z.array(metricResultSchema.omit({ series: true })),
});
export type BreakdownSlice = z.infer<typeof breakdownSliceSchema>;

export const experimentBreakdownSchema = z.object({
  dimension: z.string(),
  /** The snapshot's span the slices cover; null before the first refresh succeeded (and no slices). */
  coversFrom: z.iso.datetime().nullable(),
  coversTo: z.iso.datetime().nullable(),
  /** Applied across every slice, metric and version (frequentist): the project's, or Benjamini–Hochberg when it has none. */
  correction: z.enum(MULTIPLE_TESTING_CORRECTIONS).exclude(['none']),
  control: z.string(),
  slices: z.array(breakdownSliceSchema),
});
export type ExperimentBreakdown = z.infer<typeof experimentBreakdownSchema>;
