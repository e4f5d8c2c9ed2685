import { z } from 'zod';
import { keySchema } from './common';
import {
  createFlagBodySchema,
  flagRuleBodySchema,
  flagRuleInputSchema,
  flagSchema,
  MAX_PREREQUISITES,
  prerequisiteInputSchema,
} from './flags';
import { createMetricBodySchema, metricSchema } from './metrics';
import { prerequisiteSchema } from './sdk-payload';
import { createSegmentBodySchema, segmentSchema } from './segments';

/**
 * A project's flags, segments and metrics as one JSON document, so the project can move to another instance. Things
 * refer to each other by key, never by internal id; a flag's settings are keyed by environment key. Experiments,
 * results, events, members and keys are not part of it.
 */
export const PROJECT_EXPORT_FORMAT = 'tabula.project-export';
export const PROJECT_EXPORT_VERSION = 1;
/** How many of each kind one document may hold. */
export const MAX_EXPORTED_ITEMS = 2000;

/** The document as the server writes it (GET …/export). */
export const projectExportDocumentSchema = z.object({
  format: z.literal(PROJECT_EXPORT_FORMAT),
  version: z.literal(PROJECT_EXPORT_VERSION),
  exportedAt: z.string(),
  flags: z.array(
    flagSchema
      .pick({
        key: true,
        name: true,
        description: true,
        type: true,
        variants: true,
        defaultVariant: true,
        offVariant: true,
        tags: true,
        metadata: true,
      })
      .extend({
        archived: z.boolean(),
        /** Only the environments where the flag was ever set; elsewhere it is off, with no rules. */
        environments: z.record(
          z.string(),
          z.object({
            enabled: z.boolean(),
            rules: z.array(flagRuleBodySchema),
            prerequisites: z.array(prerequisiteSchema),
          }),
        ),
      }),
  ),
  segments: z.array(segmentSchema.pick({ key: true, name: true, description: true, conditions: true })),
  metrics: z.array(
    metricSchema
      .pick({
        key: true,
        name: true,
        description: true,
        tags: true,
        type: true,
        source: true,
        ratio: true,
        windowHours: true,
        direction: true,
        capping: true,
        cuped: true,
      })
      .extend({ archived: z.boolean() }),
  ),
});
export type ProjectExportDocument = z.infer<typeof projectExportDocumentSchema>;

/** One flag's settings in one environment, as an import reads them. */
export const exportedFlagEnvironmentSchema = z.strictObject({
  enabled: z.boolean(),
  rules: z.array(flagRuleInputSchema).max(200).default([]),
  prerequisites: z.array(prerequisiteInputSchema).max(MAX_PREREQUISITES).default([]),
});
export type ExportedFlagEnvironment = z.infer<typeof exportedFlagEnvironmentSchema>;

export const exportedFlagSchema = createFlagBodySchema.extend({
  archived: z.boolean().default(false),
  environments: z.record(keySchema, exportedFlagEnvironmentSchema).default({}),
});
export type ExportedFlag = z.infer<typeof exportedFlagSchema>;

export const exportedSegmentSchema = createSegmentBodySchema;
export type ExportedSegment = z.infer<typeof exportedSegmentSchema>;

export const exportedMetricSchema = createMetricBodySchema.safeExtend({ archived: z.boolean().default(false) });
export type ExportedMetric = z.infer<typeof exportedMetricSchema>;

/** The document as an import reads it: every part checked as the API checks it when it is created. */
export const projectExportSchema = z.strictObject({
  format: z.literal(PROJECT_EXPORT_FORMAT, `Please choose a file exported by Tabula ("${PROJECT_EXPORT_FORMAT}")`),
  version: z.literal(PROJECT_EXPORT_VERSION, `Only version ${PROJECT_EXPORT_VERSION} of the export format is known`),
  exportedAt: z.string(),
  flags: z.array(exportedFlagSchema).max(MAX_EXPORTED_ITEMS).default([]),
  segments: z.array(exportedSegmentSchema).max(MAX_EXPORTED_ITEMS).default([]),
  metrics: z.array(exportedMetricSchema).max(MAX_EXPORTED_ITEMS).default([]),
});
export type ProjectExport = z.infer<typeof projectExportSchema>;
export type ProjectExportInput = z.input<typeof projectExportSchema>;

/** create_only: anything whose key already exists is a conflict. overwrite: it is replaced by what the file says. */
export const IMPORT_MODES = ['create_only', 'overwrite'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const projectImportBodySchema = z.strictObject({
  /** The export document; checked piece by piece, so every problem in it is reported at once. */
  data: z.unknown(),
  mode: z.enum(IMPORT_MODES).default('create_only'),
  /** Report what would happen, write nothing. */
  dryRun: z.boolean().default(false),
});
export type ProjectImportBody = z.infer<typeof projectImportBodySchema>;

export const IMPORT_KINDS = ['flag', 'segment', 'metric'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

const importedItemSchema = z.object({ kind: z.enum(IMPORT_KINDS), key: z.string() });
export const importProblemSchema = z.object({
  kind: z.enum([...IMPORT_KINDS, 'document']),
  /** The item's key; empty for the document itself. */
  key: z.string(),
  /** Where in the document, as a dotted path (`flags.2.environments.production.rules.0`). */
  path: z.string(),
  reason: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importReportSchema = z.object({
  dryRun: z.boolean(),
  created: z.array(importedItemSchema),
  updated: z.array(importedItemSchema),
  /** Keys that exist already (create_only), or that cannot be replaced (a flag of another type). */
  conflicts: z.array(importProblemSchema),
  errors: z.array(importProblemSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;
