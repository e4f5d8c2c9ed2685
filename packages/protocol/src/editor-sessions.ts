import { z } from 'zod';
import { idSchema, keySchema, nameSchema, timestampSchema } from './common';
import { PRODUCT_FAMILIES } from './constants';
import { EXPERIMENT_STATUSES } from './experiments';
import { clickSelectorSchema } from './metrics';
import { PAGE_MATCHES } from './page-url-match';
import { changeRecordSchema, changeRecordsSchema } from './visual';

export const editorTokenSchema = z.object({
  token: z.string(),
  expiresAt: timestampSchema,
  /** The experiment's page with the token in its address; null while the experiment has no page. */
  editorUrl: z.string().nullable(),
});
export type EditorToken = z.infer<typeof editorTokenSchema>;

export const editorVersionSchema = z.object({
  key: z.string(),
  name: z.string(),
  weight: z.number().int(),
  isControl: z.boolean(),
  changeRecords: z.array(changeRecordSchema),
});
export type EditorVersion = z.infer<typeof editorVersionSchema>;

/** A click metric the experiment measures (in any role): clicks on the elements its selector matches count. */
export const editorGoalSchema = z.object({ key: z.string(), name: z.string(), selector: z.string() });
export type EditorGoal = z.infer<typeof editorGoalSchema>;

/** Everything the editor needs to edit one experiment's page. */
export const editorSessionSchema = z.object({
  projectId: idSchema,
  /** The console's product family: the integration code the editor offers is the one the console writes. */
  family: z.enum(PRODUCT_FAMILIES),
  experiment: z.object({
    key: z.string(),
    name: z.string(),
    status: z.enum(EXPERIMENT_STATUSES),
    page: z.object({ url: z.string(), match: z.enum(PAGE_MATCHES) }).nullable(),
    integrationConfigured: z.boolean(),
  }),
  versions: z.array(editorVersionSchema),
  /** The experiment's click goals, in the order of its metrics. */
  goals: z.array(editorGoalSchema),
  /** The project's client keys: the snippet on the page carries one of them, and the code to copy needs one. */
  clientKeys: z.array(z.object({ key: z.string(), environment: z.string(), decryptionKey: z.string().nullable() })),
  /**
   * Custom JavaScript: whether the project allows it (`enabled`, off by default) and whether whoever opened the editor
   * may write it (admins only).
   */
  customScripts: z.object({ enabled: z.boolean(), canWrite: z.boolean() }),
  expiresAt: timestampSchema,
});
export type EditorSession = z.infer<typeof editorSessionSchema>;

/**
 * The editor saves every version at once. It names the experiment it edits, so that a token of another experiment
 * (a second tab left open) can never write its versions here: version keys repeat across experiments.
 * Versions the experiment lacks are added; every version it has must be there.
 */
export const saveEditorVersionsBodySchema = z.strictObject({
  experimentKey: keySchema,
  versions: z
    .array(z.strictObject({ key: keySchema, name: nameSchema, changeRecords: changeRecordsSchema }))
    .min(1)
    .max(20),
});
export type SaveEditorVersionsBody = z.infer<typeof saveEditorVersionsBodySchema>;

export const editorIntegrationBodySchema = z.strictObject({ experimentKey: keySchema, configured: z.boolean() });
export type EditorIntegrationBody = z.infer<typeof editorIntegrationBodySchema>;

/**
 * "Track clicks as a goal": the project's click metric for the selector (an existing one, or a new conversion metric
 * with this name) becomes a secondary metric of the experiment, unless the experiment measures it already.
 */
export const addEditorGoalBodySchema = z.strictObject({
  experimentKey: keySchema,
  name: nameSchema,
  selector: clickSelectorSchema,
});
export type AddEditorGoalBody = z.infer<typeof addEditorGoalBodySchema>;
