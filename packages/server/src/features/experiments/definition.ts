import { isDeepStrictEqual } from 'node:util';
import type {
  BanditSettings,
  Condition,
  CreateExperimentBody,
  DecisionRule,
  ExperimentMetrics,
  ExperimentPage,
  ExperimentPageInput,
  FieldIssue,
  UpdateExperimentBody,
} from '@tabula/protocol';
import { pageOpenUrl } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { AppError, conflict, invalidField } from '../../http/app-error';
import { newId } from '../../lib/ids';
import type { Acting } from '../audit/service';
import { holdLayer } from '../layers/service';
import { holdMetricKeys } from '../metrics/service';
import { holdSegmentKeys } from '../segments/service';
import { checkBandit } from './bandit-settings';
import { checkEdit, randomisingChanges, startIssues } from './lifecycle';
import { getExperiment } from './queries';
import { auditExperiment, pageOf } from './snapshot';
import { insertExperiment, replaceVersions, selectExperiment, updateExperimentRow } from './store';
import type { ExperimentDetails, ExperimentKind, VersionInput } from './types';
import { defaultVersions, versionIssues, versionRows } from './versions';

/** What an experiment is made of, as create and edit both see it; the layer by key and id. */
interface Definition {
  name: string;
  hypothesis: string;
  unitAttribute: string;
  traffic: number;
  conditions: Condition[];
  segments: string[];
  layer: { id: string; key: string } | null;
  layerSlots: number;
  page: ExperimentPage | null;
  versions: VersionInput[];
  /** Keys of the project's metric library (archived metrics included), by role. */
  metrics: ExperimentMetrics;
  autoStop: boolean;
  plannedDays: number | null;
  decisionRule: DecisionRule | null;
  bandit: BanditSettings | null;
}
type Field = keyof Definition;

/** A page as a body gives it, with the address to open settled: what is stored and compared. */
const resolvedPage = (page: ExperimentPageInput | null): ExperimentPage | null =>
  page && { url: page.url, match: page.match, openUrl: pageOpenUrl(page) };

const rejected = (issues: FieldIssue[]) => new AppError('validation_failed', issues[0]!.message, issues);

function definitionOf(experiment: ExperimentDetails): Definition {
  return {
    name: experiment.name,
    hypothesis: experiment.hypothesis,
    unitAttribute: experiment.unitAttribute,
    traffic: experiment.traffic,
    conditions: experiment.conditions,
    segments: experiment.segments,
    layer: experiment.layerId === null ? null : { id: experiment.layerId, key: experiment.layerKey! },
    layerSlots: experiment.layerSlots,
    page: pageOf(experiment),
    versions: experiment.versions.map(({ key, name, weight, isControl, params }) => ({
      key,
      name,
      weight,
      isControl,
      params,
    })),
    metrics: experiment.metrics,
    autoStop: experiment.autoStop,
    plannedDays: experiment.plannedDays,
    decisionRule: experiment.decisionRule,
    bandit: experiment.bandit,
  };
}

const rowOf = (definition: Definition) => ({
  name: definition.name,
  hypothesis: definition.hypothesis,
  unitAttribute: definition.unitAttribute,
  traffic: definition.traffic,
  conditions: definition.conditions,
  segments: definition.segments,
  layerId: definition.layer?.id ?? null,
  layerSlots: definition.layerSlots,
  pageUrl: definition.page?.url ?? null,
  pageMatch: definition.page?.match ?? ('exact' as const),
  pageOpenUrl: definition.page?.openUrl ?? null,
  metrics: definition.metrics,
  autoStop: definition.autoStop,
  plannedDays: definition.plannedDays,
  decisionRule: definition.decisionRule,
  bandit: definition.bandit,
});

/** The layer a body names, held against deletion until the transaction ends. */
async function layerNamed(tx: Database, projectId: string, key: string | null): Promise<Definition['layer']> {
  if (key === null) return null;
  const layer = await holdLayer(tx, projectId, key);
  if (!layer) throw invalidField('layer', `There is no layer "${key}"`);
  return { id: layer.id, key: layer.key };
}

/** Checks what a body sets against the rules and the project; fields it leaves out were checked when set. */
async function checkFields(
  tx: Database,
  projectId: string,
  kind: ExperimentKind,
  definition: Definition,
  fields: ReadonlySet<Field>,
): Promise<void> {
  if (fields.has('versions')) {
    const issues = versionIssues(definition.versions);
    if (issues.length > 0) throw rejected(issues);
  }
  // An A/B experiment runs wherever the SDK evaluates it; a page there would be a setting nothing reads.
  if (fields.has('page') && kind === 'ab' && definition.page !== null) {
    throw invalidField('page', 'Only visual experiments have a page; leave it out of an A/B experiment');
  }
  if (fields.has('segments') && definition.segments.length > 0) {
    const known = new Set(await holdSegmentKeys(tx, projectId));
    definition.segments.forEach((key, index) => {
      if (!known.has(key)) throw invalidField(`segments.${index}`, `There is no segment "${key}"`);
    });
  }
  if (fields.has('metrics')) await checkMetricKeys(tx, projectId, definition.metrics);
  if (fields.has('bandit') || fields.has('metrics') || fields.has('versions')) {
    await checkBandit(tx, projectId, definition);
  }
}

/** Every key must name a metric of the project's library; the metrics are held against deletion until commit. */
async function checkMetricKeys(tx: Database, projectId: string, metrics: ExperimentMetrics): Promise<void> {
  const roles = Object.entries(metrics) as [keyof ExperimentMetrics, string[]][];
  const known = new Set(await holdMetricKeys(tx, projectId, [...new Set(roles.flatMap(([, keys]) => keys))]));
  for (const [role, keys] of roles) {
    keys.forEach((key, index) => {
      if (!known.has(key)) throw invalidField(`metrics.${role}.${index}`, `There is no metric "${key}"`);
    });
  }
}

/** The experiment starts as a draft owned by the acting user (none when a secret key creates it). */
export async function createExperiment(
  tx: Database,
  acting: Acting,
  projectId: string,
  input: CreateExperimentBody,
): Promise<ExperimentDetails> {
  const { key, kind, layer, versions, page, ...plain } = input;
  const definition: Definition = {
    ...plain,
    page: resolvedPage(page),
    layer: await layerNamed(tx, projectId, layer),
    versions: versions ?? defaultVersions(),
  };
  await checkFields(tx, projectId, kind, definition, new Set(Object.keys(definition) as Field[]));
  if (await selectExperiment(tx, projectId, key)) {
    throw conflict(`This project already has an experiment with key "${key}"`);
  }
  const id = newId();
  await insertExperiment(tx, {
    id,
    projectId,
    key,
    kind,
    ownerId: acting.actor.kind === 'user' ? acting.actor.id : null,
    ...rowOf(definition),
  });
  await replaceVersions(tx, id, versionRows(id, definition.versions));
  const experiment = await getExperiment(tx, projectId, key);
  await auditExperiment(tx, acting, 'experiment.created', experiment, null, experiment);
  return experiment;
}

/**
 * What may change depends on the status (see checkEdit); a running or paused experiment must stay ready to run.
 * An edit that changes nothing writes nothing.
 */
export async function updateExperiment(
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
  input: UpdateExperimentBody,
): Promise<ExperimentDetails> {
  const before = await getExperiment(tx, projectId, key, true);
  const { reRandomise = false, layer, page, ...plain } = input;
  const current = definitionOf(before);
  const next: Definition = { ...current, ...plain };
  if (page !== undefined) next.page = resolvedPage(page);
  if (layer !== undefined) next.layer = await layerNamed(tx, projectId, layer);
  const given = new Set(Object.keys(input).filter((field) => field !== 'reRandomise') as Field[]);
  await checkFields(tx, projectId, before.kind, next, given);

  const changed = [...given].filter((field) => !isDeepStrictEqual(next[field], current[field]));
  if (changed.length === 0) return before;
  const { newPhase } = checkEdit(before, {
    changed,
    randomising: randomisingChanges(current, next),
    reRandomise,
  });
  if (before.status === 'running' || before.status === 'paused') {
    const issues = startIssues({ ...next, kind: before.kind });
    if (issues.length > 0) throw rejected(issues);
  }
  await updateExperimentRow(tx, before.id, {
    ...rowOf(next),
    ...(newPhase && { phase: before.phase + 1, phaseStartedAt: new Date() }),
  });
  if (changed.includes('versions')) {
    await replaceVersions(tx, before.id, versionRows(before.id, next.versions, before.versions));
  }
  const after = await getExperiment(tx, projectId, key);
  await auditExperiment(tx, acting, 'experiment.updated', after, before, after);
  return after;
}
