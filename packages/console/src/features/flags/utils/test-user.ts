import {
  type Experiment,
  type Flag,
  PAYLOAD_FORMAT,
  type PayloadExperiment,
  type PayloadFlag,
  type PayloadSegment,
  type SdkPayload,
} from '@tabula/protocol';
import { type Attributes, createEvaluator, type FlagResult } from '@tabula/sdk';

/** What the SDK would receive for this flag alone: its state in one environment, the segments and the experiments. */
export interface PreviewSources {
  flag: Flag;
  /** The project's other flags, which the flag's prerequisites may name. */
  others?: Flag[];
  environment: string;
  segments: PayloadSegment[];
  experiments: Experiment[];
}

/**
 * The payload holds running experiments only, with the slot range they hold in their layer. An experiment that
 * holds none cannot assign anyone, as in the SDK.
 */
export function toPayloadExperiment(experiment: Experiment): PayloadExperiment | null {
  // A holdout is delivered as what it covers carries, not as an experiment of its own.
  if (experiment.status !== 'running' || experiment.kind === 'holdout') return null;
  const { layer } = experiment;
  if (layer && (layer.start === null || layer.end === null)) return null;
  return {
    key: experiment.key,
    kind: experiment.kind,
    unitAttribute: experiment.unitAttribute,
    traffic: experiment.traffic,
    phase: experiment.phase,
    conditions: experiment.conditions,
    segments: experiment.segments,
    layer: layer ? { key: layer.key, start: layer.start as number, end: layer.end as number } : null,
    page: experiment.page,
    versions: experiment.versions,
  };
}

function toPayloadFlag(flag: Flag, environment: string): PayloadFlag {
  const state = flag.environments[environment];
  return {
    key: flag.key,
    type: flag.type,
    variants: flag.variants,
    defaultVariant: flag.defaultVariant,
    offVariant: flag.offVariant,
    enabled: state?.enabled ?? false,
    rules: state?.rules ?? [],
    prerequisites: state?.prerequisites ?? [],
  };
}

/** The SDK payload of one environment, cut down to one flag and those it may require: what the SDK would evaluate. */
export function previewPayload({ flag, others = [], environment, segments, experiments }: PreviewSources): SdkPayload {
  return {
    format: PAYLOAD_FORMAT,
    projectId: '',
    environment,
    revision: 'preview',
    generatedAt: new Date(0).toISOString(),
    segments: segments.map(({ key, conditions }) => ({ key, conditions })),
    // The flag first: a stale copy of it among the others is left out, as the SDK keeps the first of a key.
    flags: [flag, ...others].map((each) => toPayloadFlag(each, environment)),
    experiments: experiments.flatMap((experiment) => toPayloadExperiment(experiment) ?? []),
  };
}

export interface AttributeRow {
  name: string;
  value: string;
}

/**
 * The visitor's attributes from the rows typed in. Values stay text (the SDK compares numbers, booleans and dates
 * in text as their values), except a JSON list, which is a list attribute. The unit id is `id`.
 */
export function toAttributes(rows: AttributeRow[], unitId: string): Attributes {
  const attributes: Attributes = {};
  for (const { name, value } of rows) {
    const attribute = name.trim();
    if (attribute === '') continue;
    attributes[attribute] = readValue(value);
  }
  if (unitId.trim() !== '') attributes.id = unitId.trim();
  return attributes;
}

function readValue(text: string): unknown {
  if (!text.trim().startsWith('[')) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : text;
  } catch {
    return text;
  }
}

export interface PreviewResult extends FlagResult {
  /** What the SDK reported while evaluating: a segment it does not know, a pattern that does not compile… */
  problems: string[];
}

/** Evaluates the flag for one visitor in one environment with the SDK's own evaluator. */
export function previewFlag(sources: PreviewSources, attributes: Attributes): PreviewResult {
  const problems: string[] = [];
  const result = createEvaluator(previewPayload(sources)).flag(sources.flag.key, attributes, {
    onError: (error) => problems.push(error.message),
  });
  return { ...result, problems: [...new Set(problems)] };
}
