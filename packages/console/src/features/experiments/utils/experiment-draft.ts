import type {
  BanditSettings,
  Condition,
  CreateExperimentBody,
  DecisionRule,
  Experiment,
  ExperimentMetrics,
  UpdateExperimentBody,
} from '@tabula/protocol';
import { BUCKETS, conditionInputSchema } from '@tabula/protocol';
import { keyFromName } from './keys';
import { formatParams, parseParams } from './params';
import { equalSplit } from './weights';

/** What the wizard makes: a holdout is made on its own page. */
export type ExperimentKind = CreateExperimentBody['kind'];
export type PageMatch = NonNullable<Experiment['page']>['match'];

export interface VersionDraft {
  /** Identity for the list while people rename and reorder; never sent. */
  id: string;
  name: string;
  key: string;
  /** Once people type a key it stops following the name. */
  keyEdited: boolean;
  /** Basis points. */
  weight: number;
  isControl: boolean;
  /** The params JSON as typed, checked on the way out. */
  params: string;
}

/** What the wizard edits: the experiment as people fill it in, possibly incomplete or invalid. */
export interface ExperimentDraft {
  name: string;
  key: string;
  keyEdited: boolean;
  hypothesis: string;
  kind: ExperimentKind;
  unitAttribute: string;
  conditions: Condition[];
  segments: string[];
  /** Basis points of the eligible units that enter. */
  traffic: number;
  layer: string | null;
  /** Basis points of the layer the experiment reserves when it starts. */
  layerSlots: number;
  versions: VersionDraft[];
  /** `openUrl` as typed; empty: the page URL itself, when it is one address. */
  page: { url: string; match: PageMatch; openUrl: string };
  metrics: ExperimentMetrics;
  /** A guardrail regression or sample ratio mismatch stops it and rolls back to control. */
  autoStop: boolean;
  /** Days it is planned to run; null: not planned. */
  plannedDays: number | null;
  /** What the results must show to ship or roll back; null: none agreed. */
  decisionRule: DecisionRule | null;
  /** Thompson sampling settings; null for fixed weights. */
  bandit: BanditSettings | null;
}

let lastVersionId = 0;
export const newVersionId = (): string => {
  lastVersionId += 1;
  return `version-${lastVersionId}`;
};

/** The key follows the name while the name suggests one; a name in another script leaves the given key. */
export function newVersion(name: string, key: string, weight: number, isControl = false): VersionDraft {
  return { id: newVersionId(), name, key: keyFromName(name) || key, keyEdited: false, weight, isControl, params: '' };
}

/**
 * A new experiment: a control and one treatment sharing all traffic, in no layer. Names come in the user's
 * language; the keys stay `control` and `treatment` in every language.
 */
export function newDraft(names: { control: string; treatment: string }): ExperimentDraft {
  const [control = 0, treatment = 0] = equalSplit(2);
  return {
    name: '',
    key: '',
    keyEdited: false,
    hypothesis: '',
    kind: 'ab',
    unitAttribute: 'id',
    conditions: [],
    segments: [],
    traffic: BUCKETS,
    layer: null,
    layerSlots: BUCKETS,
    versions: [
      newVersion(names.control, 'control', control, true),
      newVersion(names.treatment, 'treatment', treatment),
    ],
    page: { url: '', match: 'exact', openUrl: '' },
    metrics: { primary: [], secondary: [], guardrails: [] },
    autoStop: false,
    plannedDays: null,
    decisionRule: null,
    bandit: null,
  };
}

/** The page to open shows only when it is not the page URL itself, which the server opens anyway. */
const pageDraft = (page: Experiment['page']): ExperimentDraft['page'] =>
  page
    ? { url: page.url, match: page.match, openUrl: page.openUrl === page.url ? '' : (page.openUrl ?? '') }
    : { url: '', match: 'exact', openUrl: '' };

export function draftFromExperiment(experiment: Experiment): ExperimentDraft {
  return {
    name: experiment.name,
    key: experiment.key,
    keyEdited: true,
    hypothesis: experiment.hypothesis,
    // A holdout is changed on its own page, never in the wizard.
    kind: experiment.kind === 'visual' ? 'visual' : 'ab',
    unitAttribute: experiment.unitAttribute,
    conditions: experiment.conditions,
    segments: experiment.segments,
    traffic: experiment.traffic,
    layer: experiment.layer?.key ?? null,
    layerSlots: experiment.layerSlots,
    versions: experiment.versions.map((version) => ({
      id: newVersionId(),
      name: version.name,
      key: version.key,
      keyEdited: true,
      weight: version.weight,
      isControl: version.isControl,
      params: formatParams(version.params),
    })),
    page: pageDraft(experiment.page),
    metrics: experiment.metrics,
    autoStop: experiment.autoStop,
    plannedDays: experiment.plannedDays,
    decisionRule: experiment.decisionRule,
    bandit: experiment.bandit,
  };
}

/** The fields both create and update carry. */
export type ExperimentFields = Omit<Required<UpdateExperimentBody>, 'reRandomise'>;

/**
 * The draft as the API takes it. Meant for a draft that passed validation; of one that did not, what cannot be
 * sent (unparsable params, unfinished conditions) is left out.
 */
export function toExperimentFields(draft: ExperimentDraft): ExperimentFields {
  const versions: ExperimentFields['versions'] = draft.versions.map((version) => ({
    key: version.key.trim(),
    name: version.name.trim(),
    weight: version.weight,
    isControl: version.isControl,
    params: parseParams(version.params) ?? {},
  }));
  return {
    name: draft.name.trim(),
    hypothesis: draft.hypothesis.trim(),
    unitAttribute: draft.unitAttribute.trim(),
    traffic: draft.traffic,
    conditions: draft.conditions.flatMap((condition) => {
      const parsed = conditionInputSchema.safeParse(condition);
      return parsed.success ? [parsed.data] : [];
    }),
    segments: draft.segments,
    layer: draft.layer,
    layerSlots: draft.layerSlots,
    page:
      draft.kind === 'visual'
        ? { url: draft.page.url.trim(), match: draft.page.match, openUrl: draft.page.openUrl.trim() || null }
        : null,
    versions,
    metrics: draft.metrics,
    autoStop: draft.autoStop,
    plannedDays: draft.plannedDays,
    decisionRule: draft.decisionRule,
    bandit: draft.bandit,
  };
}

export const toCreateBody = (draft: ExperimentDraft): CreateExperimentBody => ({
  ...toExperimentFields(draft),
  key: draft.key.trim(),
  kind: draft.kind,
});

/** Key order does not make two values different. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, inner]) => [key, canonical(inner)]),
  );
};
export const sameValue = (a: unknown, b: unknown): boolean =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** Only what differs from the saved experiment, so an update touches nothing people left alone. */
export function changedFields(original: Experiment, draft: ExperimentDraft): Partial<ExperimentFields> {
  const saved = toExperimentFields(draftFromExperiment(original));
  const edited = toExperimentFields(draft);
  const changes: Partial<Record<keyof ExperimentFields, unknown>> = {};
  for (const field of Object.keys(edited) as (keyof ExperimentFields)[]) {
    if (!sameValue(saved[field], edited[field])) changes[field] = edited[field];
  }
  return changes as Partial<ExperimentFields>;
}

/**
 * The draft moved onto a newer save of its experiment, made elsewhere meanwhile (the visual editor adds versions and
 * spreads the weights again): what people edited in the wizard stays theirs, the rest follows the newer save, so that
 * saving the wizard does not undo what was saved elsewhere.
 */
export function rebaseDraft(draft: ExperimentDraft, before: Experiment, after: Experiment): ExperimentDraft {
  const edited = Object.keys(changedFields(before, draft)) as (keyof ExperimentFields)[];
  return { ...draftFromExperiment(after), ...Object.fromEntries(edited.map((field) => [field, draft[field]])) };
}
