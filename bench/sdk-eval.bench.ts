// How fast the SDK core evaluates flags locally, next to GrowthBook's SDK evaluating the equivalent features for the
// same visitors in the same process. Every flag has a targeting rule (country in …), a 50/50 rollout (for iOS) and an
// experiment rule, so an evaluation walks conditions, hashing and experiment assignment. Both are warmed up, then timed
// in alternating rounds of the same evaluations.
import { type FeatureDefinition, GrowthBookClient, type UserContext } from '@growthbook/growthbook';
import type { PayloadExperiment, PayloadFlag, SdkPayload } from '@tabula/protocol';
import { type Attributes, createEvaluator } from '@tabula/sdk';

const FLAGS = 100;
const UNITS = 100_000;
const EXPERIMENTS = 4;
const ROUNDS = 5;
const EVALUATIONS_PER_ROUND = 400_000;
const WARM_UP_EVALUATIONS = 300_000;

const COUNTRIES = ['US', 'CA', 'GB', 'FR', 'DE', 'JP', 'BR', 'IN', 'CN', 'AU'];
const TARGETED_COUNTRIES = ['US', 'CA', 'GB'];
const PLATFORMS = ['ios', 'android', 'web'];

const flagKey = (index: number) => `flag-${index}`;
const experimentKey = (index: number) => `experiment-${index}`;
const versionCount = (experiment: number) => 2 + (experiment % 2);

const experiments: PayloadExperiment[] = Array.from({ length: EXPERIMENTS }, (_, e) => {
  const count = versionCount(e);
  return {
    key: experimentKey(e),
    kind: 'ab',
    unitAttribute: 'id',
    traffic: 10_000,
    phase: 0,
    conditions: [],
    segments: [],
    layer: null,
    page: null,
    versions: Array.from({ length: count }, (_, v) => ({
      key: v === 0 ? 'control' : `treatment-${v}`,
      name: `Version ${v}`,
      // Weights sum to 10000: the remainder goes to the control.
      weight: v === 0 ? 10_000 - Math.floor(10_000 / count) * (count - 1) : Math.floor(10_000 / count),
      isControl: v === 0,
      params: Object.fromEntries(Array.from({ length: FLAGS }, (_, f) => [flagKey(f), `e${e}-v${v}`])),
    })),
  };
});

const flags: PayloadFlag[] = Array.from({ length: FLAGS }, (_, f) => ({
  key: flagKey(f),
  type: 'string',
  variants: [
    { key: 'off', value: 'off' },
    { key: 'on', value: 'on' },
  ],
  defaultVariant: 'off',
  offVariant: 'off',
  enabled: true,
  rules: [
    {
      id: 'targeted',
      conditions: [{ attribute: 'country', operator: 'in', values: TARGETED_COUNTRIES }],
      segments: [],
      serve: { kind: 'variant', variant: 'on' },
    },
    {
      id: 'rollout',
      conditions: [{ attribute: 'platform', operator: 'eq', values: ['ios'] }],
      segments: [],
      serve: {
        kind: 'rollout',
        weights: [
          { variant: 'on', weight: 5_000 },
          { variant: 'off', weight: 5_000 },
        ],
      },
    },
    {
      id: 'experiment',
      conditions: [],
      segments: [],
      serve: { kind: 'experiment', experiment: experimentKey(f % EXPERIMENTS) },
    },
  ],
}));

const payload: SdkPayload = {
  format: 1,
  projectId: 'bench',
  environment: 'production',
  revision: '1',
  generatedAt: new Date(0).toISOString(),
  segments: [],
  flags,
  experiments,
};

// GrowthBook's closest equivalents: a force rule with a condition, a force rule with 50% coverage (its percentage
// rollout; the other half falls through where ours serves "off"), and an experiment rule with the same variations.
const features: Record<string, FeatureDefinition> = Object.fromEntries(
  flags.map((flag, f) => {
    const experiment = experiments[f % EXPERIMENTS] as PayloadExperiment;
    const definition: FeatureDefinition = {
      defaultValue: 'off',
      rules: [
        { id: 'targeted', condition: { country: { $in: TARGETED_COUNTRIES } }, force: 'on' },
        { id: 'rollout', condition: { platform: 'ios' }, force: 'on', coverage: 0.5, hashAttribute: 'id' },
        {
          id: 'experiment',
          key: experiment.key,
          hashAttribute: 'id',
          variations: experiment.versions.map((version) => version.params[flag.key]),
          weights: experiment.versions.map((version) => version.weight / 10_000),
          coverage: 1,
        },
      ],
    };
    return [flag.key, definition];
  }),
);

const units: Attributes[] = Array.from({ length: UNITS }, (_, u) => ({
  id: `user-${u.toString(36)}-${((u * 2_654_435_761) >>> 0).toString(16)}`,
  country: COUNTRIES[u % COUNTRIES.length],
  platform: PLATFORMS[Math.floor(u / COUNTRIES.length) % PLATFORMS.length],
  plan: u % 7 === 0 ? 'pro' : 'free',
}));
const userContexts: UserContext[] = units.map((attributes) => ({ attributes }));
const flagKeys = flags.map((flag) => flag.key);

const evaluator = createEvaluator(payload);
const growthbook = new GrowthBookClient().initSync({ payload: { features } });

/** Evaluation i asks unit i mod 100 000 for a flag that shifts on each pass, so every unit meets many flags. */
const flagOf = (i: number) => flagKeys[(i + Math.floor(i / UNITS)) % FLAGS] as string;

// Two copies of one loop, so each call site sees one evaluator; they keep the same tiny state (a count).
function runOurs(start: number, count: number): number {
  let targeted = 0;
  for (let i = start; i < start + count; i++) {
    if (evaluator.flag(flagOf(i), units[i % UNITS] as Attributes).ruleId === 'targeted') targeted += 1;
  }
  return targeted;
}

function runPeer(start: number, count: number): number {
  let targeted = 0;
  for (let i = start; i < start + count; i++) {
    if (growthbook.evalFeature(flagOf(i), userContexts[i % UNITS] as UserContext).ruleId === 'targeted') targeted += 1;
  }
  return targeted;
}

/** Which rule served each of the first evaluations (untimed): shows both sides did comparable work. */
function outcomes(serving: (i: number) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (let i = 0; i < UNITS; i++) {
    const label = serving(i);
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}

function timed(run: () => number): number {
  const started = process.hrtime.bigint();
  if (run() < 0) throw new Error('unreachable: keeps the result alive');
  return Number(process.hrtime.bigint() - started) / 1e9;
}

runOurs(0, WARM_UP_EVALUATIONS);
runPeer(0, WARM_UP_EVALUATIONS);

let ourSeconds = 0;
let peerSeconds = 0;
for (let round = 0; round < ROUNDS; round++) {
  const start = WARM_UP_EVALUATIONS + round * EVALUATIONS_PER_ROUND;
  if (round % 2 === 0) {
    ourSeconds += timed(() => runOurs(start, EVALUATIONS_PER_ROUND));
    peerSeconds += timed(() => runPeer(start, EVALUATIONS_PER_ROUND));
  } else {
    peerSeconds += timed(() => runPeer(start, EVALUATIONS_PER_ROUND));
    ourSeconds += timed(() => runOurs(start, EVALUATIONS_PER_ROUND));
  }
}

const evaluations = ROUNDS * EVALUATIONS_PER_ROUND;
const evalsPerSecond = Math.round(evaluations / ourSeconds);
const peerEvalsPerSecond = Math.round(evaluations / peerSeconds);
console.log(
  JSON.stringify({
    name: 'sdk-eval',
    evalsPerSecond,
    peerEvalsPerSecond,
    ratio: Math.round((evalsPerSecond / peerEvalsPerSecond) * 100) / 100,
    peer: '@growthbook/growthbook',
    flags: FLAGS,
    units: UNITS,
    experiments: EXPERIMENTS,
    evaluations,
    outcomes: outcomes((i) => {
      const result = evaluator.flag(flagOf(i), units[i] as Attributes);
      return result.ruleId ?? result.reason;
    }),
    peerOutcomes: outcomes((i) => {
      const result = growthbook.evalFeature(flagOf(i), userContexts[i] as UserContext);
      return result.ruleId || result.source;
    }),
  }),
);
