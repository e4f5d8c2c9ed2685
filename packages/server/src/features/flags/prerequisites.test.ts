import { describe, expect, it } from 'vitest';
import { chainLength, checkPrerequisites, dependantsOf, findCycle } from './prerequisites';

const graphOf = (edges: Record<string, string[]>) => new Map(Object.entries(edges));
const boolean = { variants: ['on', 'off'], archived: false };
const targets = new Map([
  ['a', boolean],
  ['b', boolean],
  ['c', boolean],
  ['old', { ...boolean, archived: true }],
]);

const problem = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe('prerequisite cycles', () => {
  it('finds none in a graph without one, however shared its flags are', () => {
    const graph = graphOf({ a: ['b', 'c'], b: ['c'], c: [] });
    expect(findCycle(graph, 'a')).toBeNull();
  });

  it('names a direct and an indirect cycle from the flag round to itself', () => {
    expect(findCycle(graphOf({ a: ['b'], b: ['a'] }), 'a')).toEqual(['a', 'b', 'a']);
    expect(findCycle(graphOf({ a: ['b'], b: ['c'], c: ['a'] }), 'a')).toEqual(['a', 'b', 'c', 'a']);
    // A cycle further down the chain is found too, named from where it closes.
    expect(findCycle(graphOf({ x: ['b'], b: ['c'], c: ['b'] }), 'x')).toEqual(['b', 'c', 'b']);
  });

  it('measures the longest chain', () => {
    expect(chainLength(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }), 'a')).toBe(3);
    expect(chainLength(graphOf({}), 'a')).toBe(1);
  });
});

describe('checking prerequisites', () => {
  it('keeps valid ones, variants once each', () => {
    expect(checkPrerequisites('a', [{ flag: 'b', variants: ['on', 'on'] }], targets, graphOf({}))).toEqual([
      { flag: 'b', variants: ['on'] },
    ]);
  });

  it('refuses itself, unknown or archived flags, unknown variants and a flag twice', () => {
    const check = (input: { flag: string; variants: string[] }[]) => () =>
      checkPrerequisites('a', input, targets, graphOf({}));
    expect(problem(check([{ flag: 'a', variants: ['on'] }]))).toBe('Flag "a" cannot require itself');
    expect(problem(check([{ flag: 'nope', variants: ['on'] }]))).toBe('There is no flag "nope"');
    expect(problem(check([{ flag: 'old', variants: ['on'] }]))).toBe('Flag "old" is archived');
    expect(problem(check([{ flag: 'b', variants: ['maybe'] }]))).toBe('Flag "b" has no variant "maybe"');
    expect(
      problem(
        check([
          { flag: 'b', variants: ['on'] },
          { flag: 'b', variants: ['off'] },
        ]),
      ),
    ).toBe('Flag "b" appears twice');
  });

  it('refuses a cycle the change would close, naming it', () => {
    const graph = graphOf({ b: ['c'], c: ['a'] });
    expect(problem(() => checkPrerequisites('a', [{ flag: 'b', variants: ['on'] }], targets, graph))).toBe(
      'These prerequisites make a cycle: a → b → c → a',
    );
  });

  it('refuses chains deeper than the SDK follows', () => {
    const keys = Array.from({ length: 11 }, (_, index) => `f${index}`);
    const chain = new Map(keys.map((key) => [key, boolean]));
    // f1 → f2 → … → f10 already; f0 → f1 makes 11 flags.
    const graph = graphOf(Object.fromEntries(keys.slice(1, -1).map((key, index) => [key, [keys[index + 2]!]])));
    expect(problem(() => checkPrerequisites('f0', [{ flag: 'f1', variants: ['on'] }], chain, graph))).toBe(
      'Prerequisites may nest 10 flags deep at most',
    );
    expect(checkPrerequisites('f1', [{ flag: 'f2', variants: ['on'] }], chain, graph)).toHaveLength(1);
  });

  it('lists the flags that require one, with their environment', () => {
    const rows = [
      { flagKey: 'a', environmentKey: 'production', prerequisites: [{ flag: 'b', variants: ['on'] }] },
      { flagKey: 'c', environmentKey: 'development', prerequisites: [{ flag: 'a', variants: ['on'] }] },
    ];
    expect(dependantsOf('b', rows)).toEqual(['a (production)']);
    expect(dependantsOf('c', rows)).toEqual([]);
  });
});
