import { z } from 'zod';

/** The first things a team does with a project, in the order the console lists them. */
export const GETTING_STARTED_STEPS = ['sdk', 'flag', 'metric', 'experiment'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];

export const gettingStartedItemSchema = z.object({
  step: z.enum(GETTING_STARTED_STEPS),
  done: z.boolean(),
  /** When it last happened (a page loaded the SDK, a flag was evaluated, an experiment started); null when not known. */
  at: z.iso.datetime().nullable(),
});
export type GettingStartedItem = z.infer<typeof gettingStartedItemSchema>;

/** GET /api/v1/projects/:projectId/getting-started: the checklist, computed from the project's real state. */
export const gettingStartedSchema = z.object({
  items: z.array(gettingStartedItemSchema),
  /** The sample project's own client key, for a ready link to /demo?key=…; null for any other project. */
  demoClientKey: z.string().nullable(),
});
export type GettingStarted = z.infer<typeof gettingStartedSchema>;
