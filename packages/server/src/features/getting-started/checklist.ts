import type { GettingStartedStep } from '@tabula/protocol';

/** What the project's own data says has happened; each time is the latest, null when it never happened. */
export interface ProjectFacts {
  /** A page fetched the SDK payload with one of the project's client keys. */
  sdkSeenAt: Date | null;
  flagEvaluatedAt: Date | null;
  metrics: number;
  experimentStartedAt: Date | null;
}

export interface ChecklistItem {
  step: GettingStartedStep;
  done: boolean;
  at: Date | null;
}

const item = (step: GettingStartedStep, at: Date | null, done = at !== null): ChecklistItem => ({ step, done, at });

/** The getting-started checklist, in the order a team goes through it. */
export const checklistOf = (facts: ProjectFacts): ChecklistItem[] => [
  item('sdk', facts.sdkSeenAt),
  item('flag', facts.flagEvaluatedAt),
  // A metric has no moment that matters here: it is there or not.
  item('metric', null, facts.metrics > 0),
  item('experiment', facts.experimentStartedAt),
];

/** The latest of some times, null when there is none. */
export const latest = (times: (Date | null)[]): Date | null =>
  times.reduce<Date | null>((last, at) => (at && (!last || at > last) ? at : last), null);
