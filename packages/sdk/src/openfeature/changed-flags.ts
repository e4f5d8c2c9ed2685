import type { PayloadFlag, SdkPayload } from '@tabula/protocol';

/** JSON with every object's keys sorted: two equal definitions read the same whatever order their keys came in. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : stableJson(item))).join()}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join()}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Each payload is read once: it is the new one of one change, and the previous one of the next. */
const read = new WeakMap<SdkPayload, Map<string, string>>();

function definitions(payload: SdkPayload): Map<string, string> {
  let known = read.get(payload);
  if (!known) {
    known = readDefinitions(payload);
    read.set(payload, known);
  }
  return known;
}

/**
 * What decides a flag's values: the flag itself, and the segments and experiments its rules name (a flag served by an
 * experiment changes with the experiment's weights, audience and parameters).
 */
function readDefinitions(payload: SdkPayload): Map<string, string> {
  const segments = new Map(payload.segments.map((segment) => [segment.key, segment]));
  const experiments = new Map(payload.experiments.map((experiment) => [experiment.key, experiment]));
  const uses = (flag: PayloadFlag): unknown[] =>
    flag.rules.flatMap((rule) => {
      const experiment = rule.serve.kind === 'experiment' ? experiments.get(rule.serve.experiment) : undefined;
      const named = [...rule.segments, ...(experiment?.segments ?? [])];
      return [experiment ?? null, ...named.map((key) => segments.get(key) ?? null)];
    });
  return new Map(payload.flags.map((flag) => [flag.key, stableJson([flag, uses(flag)])]));
}

/**
 * The keys of the flags added, removed or changed from one payload to the next (OpenFeature's `flagsChanged`), in the
 * order of the new payload, then the removed ones. Without a previous payload every flag is new.
 */
export function changedFlags(previous: SdkPayload | undefined, next: SdkPayload): string[] {
  const before = previous ? definitions(previous) : new Map<string, string>();
  const after = definitions(next);
  const changed = [...after].filter(([key, definition]) => before.get(key) !== definition).map(([key]) => key);
  return changed.concat([...before.keys()].filter((key) => !after.has(key)));
}
