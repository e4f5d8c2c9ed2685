import { MAX_PREREQUISITE_DEPTH, type Prerequisite, type PrerequisiteInput } from '@tabula/protocol';
import { AppError, invalidField } from '../../http/app-error';

/** What a prerequisite may name: the project's flags, by key, with their variants and whether they are archived. */
export type PrerequisiteTargets = ReadonlyMap<string, { variants: readonly string[]; archived: boolean }>;

/** One environment's prerequisites: flag key → the keys of the flags it requires. */
export type PrerequisiteGraph = ReadonlyMap<string, readonly string[]>;

/**
 * The first chain of requirements from `start` that comes back to a flag already on it, as the list of keys from that
 * flag round to itself (`a → b → a` is `['a', 'b', 'a']`); null when there is none.
 */
export function findCycle(graph: PrerequisiteGraph, start: string): string[] | null {
  const path: string[] = [];
  const done = new Set<string>();
  const visit = (key: string): string[] | null => {
    const at = path.indexOf(key);
    if (at >= 0) return [...path.slice(at), key];
    if (done.has(key)) return null;
    path.push(key);
    for (const next of graph.get(key) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(key);
    return null;
  };
  return visit(start);
}

/** How many flags the longest chain of requirements from `start` holds, itself included (no cycle assumed). */
export function chainLength(graph: PrerequisiteGraph, start: string, seen = new Map<string, number>()): number {
  const known = seen.get(start);
  if (known !== undefined) return known;
  const below = (graph.get(start) ?? []).map((next) => chainLength(graph, next, seen));
  const length = 1 + Math.max(0, ...below);
  seen.set(start, length);
  return length;
}

/**
 * Checks a flag's new prerequisites in one environment: each names another flag of the project that is not archived,
 * once, with variants it has; and with them the environment holds no cycle and no chain the SDK would cut short.
 * `graph` is the environment's prerequisites before the change.
 */
export function checkPrerequisites(
  flagKey: string,
  input: PrerequisiteInput[],
  targets: PrerequisiteTargets,
  graph: PrerequisiteGraph,
  path = 'prerequisites',
): Prerequisite[] {
  const named = new Set<string>();
  input.forEach((prerequisite, index) => {
    const at = `${path}.${index}`;
    const target = targets.get(prerequisite.flag);
    if (prerequisite.flag === flagKey) throw invalidField(`${at}.flag`, `Flag "${flagKey}" cannot require itself`);
    if (!target) throw invalidField(`${at}.flag`, `There is no flag "${prerequisite.flag}"`);
    if (target.archived) throw invalidField(`${at}.flag`, `Flag "${prerequisite.flag}" is archived`);
    if (named.has(prerequisite.flag)) throw invalidField(`${at}.flag`, `Flag "${prerequisite.flag}" appears twice`);
    named.add(prerequisite.flag);
    prerequisite.variants.forEach((variant, variantIndex) => {
      if (!target.variants.includes(variant)) {
        throw invalidField(`${at}.variants.${variantIndex}`, `Flag "${prerequisite.flag}" has no variant "${variant}"`);
      }
    });
  });
  const next = new Map(graph).set(flagKey, [...named]);
  const cycle = findCycle(next, flagKey);
  if (cycle) {
    throw new AppError('validation_failed', `These prerequisites make a cycle: ${cycle.join(' → ')}`, [
      { path, message: `Cycle: ${cycle.join(' → ')}` },
    ]);
  }
  // The longest chain through this flag: the flags that require it, it, and what it requires.
  const lengths = new Map<string, number>();
  const longest = Math.max(...[...next.keys()].map((key) => chainLength(next, key, lengths)));
  if (longest > MAX_PREREQUISITE_DEPTH) {
    throw invalidField(path, `Prerequisites may nest ${MAX_PREREQUISITE_DEPTH} flags deep at most`);
  }
  return input.map((prerequisite) => ({ flag: prerequisite.flag, variants: [...new Set(prerequisite.variants)] }));
}

/** The flags that require `flagKey`, in any environment, as `key (environment)`. */
export const dependantsOf = (
  flagKey: string,
  rows: readonly { flagKey: string; environmentKey: string; prerequisites: readonly Prerequisite[] }[],
): string[] =>
  rows
    .filter((row) => row.prerequisites.some((prerequisite) => prerequisite.flag === flagKey))
    .map((row) => `${row.flagKey} (${row.environmentKey})`);
