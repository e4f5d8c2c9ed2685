import {
  BUCKETS,
  conditionInputSchema,
  descriptionSchema,
  experimentPageInputSchema,
  HTTPS_URL_MESSAGE,
  keySchema,
  nameSchema,
  OPEN_URL_MATCH_MESSAGE,
} from '@tabula/protocol';
import { type ConditionProblem, firstConditionProblem } from '../../../components/conditions-editor';
import type { ExperimentDraft, ExperimentKind } from './experiment-draft';
import { parseParams } from './params';
import { totalWeight } from './weights';

export const WIZARD_STEPS = ['basics', 'audience', 'versions', 'page', 'editor', 'metrics', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** Steps of visual experiments only, which change a page the SDK finds by its address. */
const VISUAL_STEPS: readonly WizardStep[] = ['page', 'editor'];

export const wizardSteps = (kind: ExperimentKind): WizardStep[] =>
  WIZARD_STEPS.filter((step) => kind === 'visual' || !VISUAL_STEPS.includes(step));

/** The spec §5 prompts: the generic three with a field noun, and the two fixed ones; or the server's own words. */
export type PromptKind = 'input' | 'inputValid' | 'choose' | 'chooseGroup' | 'https' | 'openUrlMatch' | 'server';

/** The nouns that fill a prompt's {s}. */
export type FieldNoun =
  | 'name'
  | 'key'
  | 'hypothesis'
  | 'unitAttribute'
  | 'conditions'
  | 'traffic'
  | 'layerSlots'
  | 'versions'
  | 'weights'
  | 'versionName'
  | 'versionKey'
  | 'params'
  | 'url'
  | 'openUrl'
  | 'matchType'
  | 'metrics';

export interface Problem {
  /** The draft field it is about: `name`, `versions.1.key`, `page.url`… */
  path: string;
  prompt: PromptKind;
  field?: FieldNoun;
  /** For conditions: what the first unfinished one lacks, named as the conditions editor names it. */
  condition?: ConditionProblem;
  /** For a problem the server found (prompt `server`): its words, about what the console's own checks let through. */
  message?: string;
}

const MIN_VERSIONS = 2;
const MAX_VERSIONS = 20;
const UNIT_ATTRIBUTE_MAX = 200;
const METRIC_LIMITS = { primary: 20, secondary: 50, guardrails: 50 } as const;

/** A required text checked by a protocol schema: missing reads "Please input", refused "Please input valid". */
function text(
  path: string,
  field: FieldNoun,
  value: string,
  schema: { safeParse(value: string): { success: boolean } },
) {
  if (!value.trim()) return [{ path, prompt: 'input', field } satisfies Problem];
  return schema.safeParse(value).success ? [] : [{ path, prompt: 'inputValid', field } satisfies Problem];
}

/** The unit attribute's problem; a template, which keeps no name, checks it apart from the rest of the basics. */
export function unitAttributeProblems(draft: Pick<ExperimentDraft, 'unitAttribute'>): Problem[] {
  const attribute = draft.unitAttribute.trim();
  if (!attribute) return [{ path: 'unitAttribute', prompt: 'input', field: 'unitAttribute' }];
  return attribute.length > UNIT_ATTRIBUTE_MAX
    ? [{ path: 'unitAttribute', prompt: 'inputValid', field: 'unitAttribute' }]
    : [];
}

function basics(draft: ExperimentDraft): Problem[] {
  const problems = [...text('name', 'name', draft.name, nameSchema), ...text('key', 'key', draft.key, keySchema)];
  if (!descriptionSchema.safeParse(draft.hypothesis).success) {
    problems.push({ path: 'hypothesis', prompt: 'inputValid', field: 'hypothesis' });
  }
  return [...problems, ...unitAttributeProblems(draft)];
}

const isBasisPoints = (value: number, minimum: number) =>
  Number.isInteger(value) && value >= minimum && value <= BUCKETS;

function audience(draft: ExperimentDraft): Problem[] {
  const problems: Problem[] = [];
  const condition = firstConditionProblem(draft.conditions);
  if (condition) problems.push({ path: 'conditions', prompt: condition.prompt, condition });
  // An operator the console does not know (saved by a newer server) passes the editor but not the API.
  else if (draft.conditions.some((candidate) => !conditionInputSchema.safeParse(candidate).success)) {
    problems.push({ path: 'conditions', prompt: 'inputValid', field: 'conditions' });
  }
  if (!isBasisPoints(draft.traffic, 0)) problems.push({ path: 'traffic', prompt: 'inputValid', field: 'traffic' });
  if (draft.layer !== null && !isBasisPoints(draft.layerSlots, 1)) {
    problems.push({ path: 'layerSlots', prompt: 'inputValid', field: 'layerSlots' });
  }
  return problems;
}

function versions(draft: ExperimentDraft): Problem[] {
  const problems: Problem[] = [];
  const count = draft.versions.length;
  const controls = draft.versions.filter((version) => version.isControl).length;
  if (count < MIN_VERSIONS || count > MAX_VERSIONS || controls !== 1) {
    problems.push({ path: 'versions', prompt: 'inputValid', field: 'versions' });
  }
  const keys = draft.versions.map((version) => version.key.trim());
  draft.versions.forEach((version, index) => {
    problems.push(...text(`versions.${index}.name`, 'versionName', version.name, nameSchema));
    const keyProblems = text(`versions.${index}.key`, 'versionKey', version.key, keySchema);
    const duplicate = keys.indexOf(keys[index] ?? '') !== index;
    problems.push(
      ...(keyProblems.length || !duplicate
        ? keyProblems
        : [{ path: `versions.${index}.key`, prompt: 'inputValid', field: 'versionKey' } satisfies Problem]),
    );
    if (parseParams(version.params) === undefined) {
      problems.push({ path: `versions.${index}.params`, prompt: 'inputValid', field: 'params' });
    }
  });
  const weights = draft.versions.map((version) => version.weight);
  if (weights.some((weight) => !isBasisPoints(weight, 0)) || totalWeight(weights) !== BUCKETS) {
    problems.push({ path: 'weights', prompt: 'inputValid', field: 'weights' });
  }
  return problems;
}

function page(draft: ExperimentDraft): Problem[] {
  if (draft.kind !== 'visual') return [];
  const problems: Problem[] = [];
  if (!draft.page.url.trim()) problems.push({ path: 'page.url', prompt: 'input', field: 'url' });
  if (!draft.page.match) problems.push({ path: 'page.match', prompt: 'choose', field: 'matchType' });
  if (problems.length > 0) return problems;
  // The API's own rules, so the wizard refuses exactly what a save would.
  const parsed = experimentPageInputSchema.safeParse({ ...draft.page, openUrl: draft.page.openUrl.trim() || null });
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] === 'openUrl' ? 'openUrl' : 'url';
    const path = `page.${field}`;
    if (problems.some((problem) => problem.path === path)) continue;
    if (issue.message === HTTPS_URL_MESSAGE) problems.push({ path, prompt: 'https' });
    else if (issue.message === OPEN_URL_MATCH_MESSAGE) problems.push({ path, prompt: 'openUrlMatch' });
    else problems.push({ path, prompt: 'inputValid', field });
  }
  return problems;
}

function metrics(draft: ExperimentDraft): Problem[] {
  const tooMany = (Object.keys(METRIC_LIMITS) as (keyof typeof METRIC_LIMITS)[]).some(
    (group) => draft.metrics[group].length > METRIC_LIMITS[group],
  );
  return tooMany ? [{ path: 'metrics', prompt: 'inputValid', field: 'metrics' }] : [];
}

const VALIDATORS: Record<WizardStep, (draft: ExperimentDraft) => Problem[]> = {
  basics,
  audience,
  versions,
  page,
  // The versions' page changes are optional: a visual experiment may start with none and get them later.
  editor: () => [],
  metrics,
  review: () => [],
};

/** What keeps one step from being done; Next Step stays on the step while this is not empty. */
export const validateStep = (step: WizardStep, draft: ExperimentDraft): Problem[] => VALIDATORS[step](draft);

export interface StepProblems {
  step: WizardStep;
  problems: Problem[];
}

/** Every step's problems, in step order, leaving out the steps that have none: what Save and the review show. */
export const validateDraft = (draft: ExperimentDraft): StepProblems[] =>
  wizardSteps(draft.kind)
    .map((step) => ({ step, problems: validateStep(step, draft) }))
    .filter(({ problems }) => problems.length > 0);
