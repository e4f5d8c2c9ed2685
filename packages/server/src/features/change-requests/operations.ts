import type { ChangeOperation, ChangeRequestChange, FlagEnvironmentBody } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { conflict } from '../../http/app-error';
import type { Acting } from '../audit/service';
import {
  experimentReachOf,
  getExperiment,
  startExperiment,
  stopExperiment,
  updateExperiment,
} from '../experiments/service';
import { getFlag, rollOutExperiment, setFlagEnvironment } from '../flags/service';
import { createHoldout, findHoldout, getHoldout, stopHoldout, updateHoldout } from '../holdouts/service';
import { protectedEnvironmentsAmong, type ReachedEnvironment } from '../project-access/service';
import { getSegment, segmentReachOf, updateSegment } from '../segments/service';
import { rolloutWeights } from './rollout-weights';

type Of<K extends ChangeOperation['kind']> = Extract<ChangeOperation, { kind: K }>;

/** What a change request needs to know of one kind of operation. */
interface OperationKind<K extends ChangeOperation['kind']> {
  target: (op: Of<K>) => ChangeRequestChange['target'];
  /** The part of the target the operation changes, as it is now: readable, and compared again when applying. */
  state: (db: Database, projectId: string, op: Of<K>) => Promise<unknown>;
  /** What that part will be once applied. */
  after: (before: unknown, op: Of<K>) => unknown;
  /**
   * Whether applying refuses when the state moved since the request: a rollout step sets a share whatever it was, so
   * the steps of one plan follow each other without conflicting.
   */
  guarded: boolean;
  /** The protected environments applying it would change. */
  reach: (db: Database, projectId: string, op: Of<K>) => Promise<ReachedEnvironment[]>;
  apply: (tx: Database, acting: Acting, projectId: string, op: Of<K>) => Promise<unknown>;
}

async function flagEnvironmentState(db: Database, projectId: string, flagKey: string, envKey: string) {
  const flag = await getFlag(db, projectId, flagKey);
  const state = flag.environments[envKey];
  if (!state) throw conflict(`Flag "${flagKey}" has no environment "${envKey}"`);
  return { flag, state };
}

const pick = (source: object, keys: string[]) =>
  Object.fromEntries(keys.filter((key) => key in source).map((key) => [key, (source as Record<string, unknown>)[key]]));

const experimentStatus = async (db: Database, projectId: string, op: { experiment: string }) => ({
  status: (await getExperiment(db, projectId, op.experiment)).status,
});

const flagReach = (db: Database, projectId: string, op: { environment: string }) =>
  protectedEnvironmentsAmong(db, projectId, [op.environment]);

/** What a holdout change shows and guards: its settings and status. */
const HOLDOUT_STATE = ['name', 'description', 'percent', 'metrics', 'experiments', 'flags', 'status'];
const holdoutState = async (db: Database, projectId: string, key: string) =>
  pick(await getHoldout(db, projectId, key), HOLDOUT_STATE);

/** Every environment's payload carries the holdout. */
const holdoutReach = (db: Database, projectId: string) => protectedEnvironmentsAmong(db, projectId, 'all');

const KINDS: { [K in ChangeOperation['kind']]: OperationKind<K> } = {
  'flag.environment': {
    target: (op) => ({ kind: 'flag', key: op.flag }),
    state: async (db, projectId, op) => {
      const { state } = await flagEnvironmentState(db, projectId, op.flag, op.environment);
      return { enabled: state.enabled, rules: state.rules, prerequisites: state.prerequisites };
    },
    after: (before, op) => ({ ...(before as object), ...op.change }),
    guarded: true,
    reach: flagReach,
    apply: (tx, acting, projectId, op) => setFlagEnvironment(tx, acting, projectId, op.flag, op.environment, op.change),
  },
  'flag.rollout': {
    target: (op) => ({ kind: 'flag', key: op.flag }),
    state: async (db, projectId, op) => {
      const { state } = await flagEnvironmentState(db, projectId, op.flag, op.environment);
      const rule = state.rules.find((candidate) => candidate.id === op.ruleId);
      return { enabled: state.enabled, rule: rule ?? null };
    },
    // The other variants' shares depend on the rule when it runs: the step shows what it sets.
    after: (_before, op) => ({ enabled: true, rule: { id: op.ruleId, rollout: { [op.variant]: op.percentage } } }),
    guarded: false,
    reach: flagReach,
    apply: async (tx, acting, projectId, op) => {
      const { flag, state } = await flagEnvironmentState(tx, projectId, op.flag, op.environment);
      const variants = flag.variants.map((variant) => variant.key);
      if (!variants.includes(op.variant)) throw conflict(`Flag "${op.flag}" no longer has variant "${op.variant}"`);
      const existing = state.rules.find((rule) => rule.id === op.ruleId);
      if (existing && existing.serve.kind !== 'rollout') {
        throw conflict(`The rule this rollout changes in flag "${op.flag}" no longer splits traffic between variants`);
      }
      const current = existing?.serve.kind === 'rollout' ? existing.serve : null;
      const serve = {
        kind: 'rollout' as const,
        weights: rolloutWeights(variants, current?.weights ?? null, op.variant, op.percentage),
        ...(current?.unitAttribute && { unitAttribute: current.unitAttribute }),
      };
      const rules = existing
        ? state.rules.map((rule) => (rule.id === op.ruleId ? { ...rule, serve } : rule))
        : [...state.rules, { id: op.ruleId, conditions: [], segments: [], serve }];
      // Stored rules are what the route once accepted: they go back through the same checks.
      return setFlagEnvironment(tx, acting, projectId, op.flag, op.environment, {
        enabled: true,
        rules: rules as NonNullable<FlagEnvironmentBody['rules']>,
      });
    },
  },
  'experiment.start': {
    target: (op) => ({ kind: 'experiment', key: op.experiment }),
    state: experimentStatus,
    after: () => ({ status: 'running' }),
    guarded: true,
    reach: (db, projectId, op) => experimentReachOf(db, projectId, op.experiment, true),
    apply: (tx, acting, projectId, op) => startExperiment(tx, acting, projectId, op.experiment),
  },
  'experiment.stop': {
    target: (op) => ({ kind: 'experiment', key: op.experiment }),
    state: experimentStatus,
    after: (_before, op) => ({ status: 'stopped', ...op.stop }),
    guarded: true,
    reach: (db, projectId, op) => experimentReachOf(db, projectId, op.experiment, false),
    apply: (tx, acting, projectId, op) =>
      stopExperiment(tx, acting, projectId, op.experiment, op.stop, rollOutExperiment),
  },
  'experiment.update': {
    target: (op) => ({ kind: 'experiment', key: op.experiment }),
    state: async (db, projectId, op) => {
      const experiment = await getExperiment(db, projectId, op.experiment);
      return { status: experiment.status, ...pick(experiment, Object.keys(op.update)) };
    },
    after: (before, op) => {
      const { reRandomise: _confirmation, ...update } = op.update;
      return { ...(before as object), ...update };
    },
    guarded: true,
    reach: (db, projectId, op) => experimentReachOf(db, projectId, op.experiment, false),
    apply: (tx, acting, projectId, op) => updateExperiment(tx, acting, projectId, op.experiment, op.update),
  },
  'segment.update': {
    target: (op) => ({ kind: 'segment', key: op.segment }),
    state: async (db, projectId, op) => {
      const segment = await getSegment(db, projectId, op.segment);
      return pick(segment, ['name', 'description', 'conditions']);
    },
    after: (before, op) => ({ ...(before as object), ...op.update }),
    guarded: true,
    reach: (db, projectId, op) => segmentReachOf(db, projectId, op.segment),
    apply: (tx, acting, projectId, op) => updateSegment(tx, acting, projectId, op.segment, op.update),
  },
  'holdout.create': {
    target: (op) => ({ kind: 'holdout', key: op.create.key }),
    // Null before it exists; one made meanwhile under the key is a conflict when applying.
    state: async (db, projectId, op) => {
      const holdout = await findHoldout(db, projectId, op.create.key);
      return holdout && pick(holdout, HOLDOUT_STATE);
    },
    after: (_before, op) => pick({ ...op.create, status: 'running' }, HOLDOUT_STATE),
    guarded: true,
    reach: holdoutReach,
    apply: (tx, acting, projectId, op) => createHoldout(tx, acting, projectId, op.create),
  },
  'holdout.update': {
    target: (op) => ({ kind: 'holdout', key: op.holdout }),
    state: (db, projectId, op) => holdoutState(db, projectId, op.holdout),
    after: (before, op) => ({ ...(before as object), ...op.update }),
    guarded: true,
    reach: holdoutReach,
    apply: (tx, acting, projectId, op) => updateHoldout(tx, acting, projectId, op.holdout, op.update),
  },
  'holdout.stop': {
    target: (op) => ({ kind: 'holdout', key: op.holdout }),
    state: async (db, projectId, op) => pick(await holdoutState(db, projectId, op.holdout), ['status']),
    after: () => ({ status: 'stopped' }),
    guarded: true,
    reach: holdoutReach,
    apply: (tx, acting, projectId, op) => stopHoldout(tx, acting, projectId, op.holdout),
  },
};

const kindOf = <K extends ChangeOperation['kind']>(op: Of<K>) => KINDS[op.kind] as unknown as OperationKind<K>;

/** The change as a request shows it: its target now and once applied. Throws not-found for a missing target. */
export async function describeChange(
  db: Database,
  projectId: string,
  op: ChangeOperation,
): Promise<ChangeRequestChange> {
  const kind = kindOf(op);
  const before = await kind.state(db, projectId, op);
  return { operation: op, target: kind.target(op), before, after: kind.after(before, op) };
}

/** Every protected environment the operations reach, once, with the most approvals any of them asks. */
export async function reachOf(db: Database, projectId: string, operations: ChangeOperation[]) {
  const reached = new Map<string, ReachedEnvironment>();
  for (const op of operations) {
    for (const env of await kindOf(op).reach(db, projectId, op)) reached.set(env.key, env);
  }
  return [...reached.values()];
}

/** JSON with object keys sorted: the stored `before` comes back from jsonb with its keys in another order. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

const targetName = (target: ChangeRequestChange['target']) => `${target.kind} "${target.key}"`;

/**
 * Applies each change in order, as the routes would, after checking that what it changes is still as it was when
 * asked for: a conflict is reported (409), never overwritten.
 */
export async function applyChanges(tx: Database, acting: Acting, projectId: string, changes: ChangeRequestChange[]) {
  for (const change of changes) {
    const kind = kindOf(change.operation);
    if (kind.guarded && !same(await kind.state(tx, projectId, change.operation), change.before)) {
      throw conflict(
        `The ${targetName(change.target)} changed after this request was made: make a new request from its current state`,
      );
    }
    await kind.apply(tx, acting, projectId, change.operation);
  }
}

/** The same target and part of it: a draft keeps one change per such pair, the later merged into the earlier. */
export function sameTarget(a: ChangeOperation, b: ChangeOperation): boolean {
  if (a.kind !== b.kind) return false;
  return (
    same(KINDS[a.kind].target(a as never), KINDS[b.kind].target(b as never)) &&
    ('environment' in a ? a.environment === (b as typeof a).environment : true)
  );
}

/**
 * A later change to the same target in a draft: a flag's switch and rules edits add up, as do the fields of an
 * experiment's, segment's or holdout's edits; starts and stops replace.
 */
export function mergeOperations(earlier: ChangeOperation, later: ChangeOperation): ChangeOperation {
  if (earlier.kind === 'flag.environment' && later.kind === 'flag.environment') {
    return { ...later, change: { ...earlier.change, ...later.change } };
  }
  if (earlier.kind === later.kind && 'update' in earlier && 'update' in later) {
    return { ...later, update: { ...earlier.update, ...later.update } } as ChangeOperation;
  }
  return later;
}
