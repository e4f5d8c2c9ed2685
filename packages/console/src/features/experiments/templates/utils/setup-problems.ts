import type { FieldIssue } from '@tabula/protocol';
import { ApiError, isApiError } from '../../../../lib/api-client';
import type { ExperimentDraft } from '../../utils/experiment-draft';
import { type Problem, unitAttributeProblems, validateStep } from '../../utils/step-validation';

/** The setup's sections, in the order shown; each edits what the wizard's step of the same name does. */
export const SETUP_SECTIONS = ['audience', 'versions', 'metrics'] as const;
export type SetupSection = (typeof SETUP_SECTIONS)[number];
export type SectionProblems = Record<SetupSection, Problem[]>;

export const noProblems = (): SectionProblems => ({ audience: [], versions: [], metrics: [] });

/** What keeps the setup from being saved, by section: the wizard's own checks of the same fields. */
export const setupProblems = (draft: ExperimentDraft): SectionProblems => ({
  audience: [...unitAttributeProblems(draft), ...validateStep('audience', draft)],
  versions: validateStep('versions', draft),
  metrics: validateStep('metrics', draft),
});

/** The first section with a problem, if any. */
export const firstWithProblems = (problems: SectionProblems): SetupSection | undefined =>
  SETUP_SECTIONS.find((section) => problems[section].length > 0);

/** Where each setting the server may name (`settings.<setting>…`) is edited. */
const SECTION_OF: Partial<Record<string, SetupSection>> = {
  unitAttribute: 'audience',
  conditions: 'audience',
  segments: 'audience',
  traffic: 'audience',
  layer: 'audience',
  layerSlots: 'audience',
  versions: 'versions',
  metrics: 'metrics',
};

/** A version's own field, as its card names it. */
const VERSION_FIELD = /^versions\.\d+\.(name|key|weight)$/;

/** The field of the setup a server issue is about, and its section; null for what no field of the setup shows. */
function placed({ path, message }: FieldIssue): { section: SetupSection; problem: Problem } | null {
  const setting = /^settings\.(.+)$/.exec(path)?.[1] ?? '';
  const [head = ''] = setting.split('.');
  const section = SECTION_OF[head];
  if (!section) return null;
  // Only a version's own fields are edited one by one; of anything else, the field shows what the server names.
  const field = VERSION_FIELD.test(setting) ? setting : head;
  return { section, problem: { path: field, prompt: 'server', message } };
}

export interface SettledIssues {
  /** The server's problems with the setup, on the fields that edit what it names. */
  problems: SectionProblems;
  /** What is left for the name and description fields, or the alert above them; null when nothing is. */
  rest: unknown;
}

/**
 * Splits a refused save: the server's problems with the setup go to the setup's fields; the rest stays an error,
 * so none lands on a template field that merely shares the last name of its path (`settings.versions.0.name`).
 */
export function settleServerIssues(error: unknown): SettledIssues {
  const issues = isApiError(error) ? error.fieldIssues : [];
  const problems = noProblems();
  const unplaced: FieldIssue[] = [];
  for (const issue of issues) {
    const found = placed(issue);
    if (found) problems[found.section].push(found.problem);
    else unplaced.push(issue);
  }
  if (!isApiError(error) || unplaced.length === issues.length) return { problems, rest: error };
  const [first] = unplaced;
  return { problems, rest: first ? new ApiError(error.status, error.code, first.message, unplaced) : null };
}
