import { createHash } from 'node:crypto';
import type { EvaluateRequest, EvaluateResponse, ExperimentAssignment, FlagDetails } from '@tabula/protocol';
import { createEvaluator, type Evaluator } from '@tabula/sdk';
import type { ClientKeyGrant } from '../api-keys/service';
import { type EventRow, exposureDimensions, SERVER_EXPOSURE_ID_PREFIX } from '../sdk-events/service';
import type { PayloadSnapshot } from './payload-cache';

/** Compiling a payload is worth keeping: one evaluator per snapshot, dropped with it. */
const evaluators = new WeakMap<PayloadSnapshot, Evaluator>();

function evaluatorOf(snapshot: PayloadSnapshot): Evaluator {
  let evaluator = evaluators.get(snapshot);
  if (!evaluator) {
    evaluator = createEvaluator(snapshot.payload);
    evaluators.set(snapshot, evaluator);
  }
  return evaluator;
}

const toDetails = ({ key, value, variant, reason, errorCode, ruleId, metadata }: FlagDetails): FlagDetails => ({
  key,
  value,
  variant,
  reason,
  ...(errorCode === undefined ? {} : { errorCode }),
  ...(ruleId === undefined ? {} : { ruleId }),
  ...(metadata === undefined ? {} : { metadata }),
});

const toAssignment = ({ experiment, version, params }: ExperimentAssignment): ExperimentAssignment => ({
  experiment,
  version,
  params,
});

export interface Evaluation {
  response: EvaluateResponse;
  /** The experiments (and the holdout) the unit is in, each once, with the version it got. */
  exposures: { experiment: string; version: string }[];
}

/** One unit's flags and experiments, as the SDK would compute them locally from the same payload. */
export function evaluate(snapshot: PayloadSnapshot, request: EvaluateRequest): Evaluation {
  const evaluator = evaluatorOf(snapshot);
  const attributes = { ...request.attributes, id: request.attributes.id ?? request.unitId };
  const exposures = new Map<string, string>();
  // A holdout the unit meets is an exposure too: held out, the unit is in no experiment that would say so.
  const options = { expose: (experiment: string, version: string) => void exposures.set(experiment, version) };

  const flags: EvaluateResponse['flags'] = {};
  const flagResults = request.flags
    ? request.flags.map((key) => evaluator.flag(key, attributes, options))
    : Object.values(evaluator.allFlags(attributes, options));
  for (const result of flagResults) {
    flags[result.key] = toDetails(result);
    // A flag served by an experiment rule put the unit in that experiment.
    if (result.exposure) exposures.set(result.exposure.experiment, result.exposure.version);
  }

  const experiments: EvaluateResponse['experiments'] = {};
  const assignments = request.experiments
    ? request.experiments.map((key) => evaluator.experiment(key, attributes, options))
    : Object.values(evaluator.allExperiments(attributes, options));
  for (const assignment of assignments) {
    if (!assignment) continue;
    experiments[assignment.experiment] = toAssignment(assignment);
    exposures.set(assignment.experiment, assignment.version);
  }
  return {
    response: { flags, experiments },
    exposures: [...exposures].map(([experiment, version]) => ({ experiment, version })),
  };
}

/**
 * Exposures logged by the server get an id made from what they record, so calling evaluate again for the same
 * unit stores nothing new: one exposure per unit, experiment, phase and version. They keep the attributes evaluated
 * with, as an SDK's exposures do, for breakdowns.
 */
export function exposureRows(
  grant: ClientKeyGrant,
  snapshot: PayloadSnapshot,
  unit: Pick<EvaluateRequest, 'unitId' | 'attributes'>,
  exposures: Evaluation['exposures'],
  at = Date.now(),
): EventRow[] {
  const { unitId } = unit;
  const attributes = exposureDimensions(undefined, {}, unit.attributes);
  const phases = new Map(snapshot.payload.experiments.map((experiment) => [experiment.key, experiment.phase]));
  return exposures.map(({ experiment, version }) => {
    const identity = [grant.environmentId, unitId, experiment, phases.get(experiment) ?? 0, version].join('\n');
    return {
      projectId: grant.projectId,
      environmentId: grant.environmentId,
      eventId: `${SERVER_EXPOSURE_ID_PREFIX}${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}`,
      type: 'exposure',
      unitId,
      experiment,
      version,
      name: null,
      value: null,
      properties: null,
      attributes,
      occurredAt: at,
    };
  });
}
