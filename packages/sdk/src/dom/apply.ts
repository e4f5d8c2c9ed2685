import type { ElementAttribute, ElementOperation, ElementRule } from '@tabula/protocol';
import { Problem } from '../core/problem';
import { explain, report as reportTo } from '../core/report';
import { type Facet, keepPosition, type Structure, styleFacet, undoMove } from './facet';
import { createGuard } from './guard';
import { removeAddedStyle } from './style';

export interface ApplyOptions {
  /**
   * Hears of a rule that cannot be applied (a selector the browser cannot read, a move the page's structure refuses)
   * and of an element left alone because the page keeps changing it back. Nothing is thrown into the page.
   */
  onError?: (error: Error) => void;
  /** The document to change; the page's own when left out. */
  document?: Document;
  /**
   * What removes and inserts elements and sets one device's styles (structure.ts): the snippet loads it as a part,
   * only for pages whose changes need it. Without it, those operations are left out.
   */
  structure?: Structure;
}

export interface AppliedRules {
  /** Puts the page back as it was before, and stops watching it. */
  revert(): void;
}

/** How often the page may undo the changes of one element within REAPPLY_WINDOW_MS before it is left alone. */
export const REAPPLY_LIMIT = 20;
export const REAPPLY_WINDOW_MS = 1000;
/**
 * How many passes that change something may follow each other within REAPPLY_WINDOW_MS before the SDK stops watching:
 * a page that replaces an element whenever it is changed would otherwise keep both busy for good, as each new element
 * is a first change. Well above what elements streaming into a page or a framework's renders cause.
 */
export const PASS_LIMIT = 100;

/** One change made, kept to be undone; `seen` is how the element stood right after it. */
interface Change {
  element: HTMLElement;
  facet: Facet;
  kept: unknown;
  seen?: string | null;
}

const attributeFacet = ({ key, value }: ElementAttribute): Facet => ({
  slot: `@${key}`,
  want: value,
  look: (element) => element.getAttribute(key),
  undo: (element, old: string | null) => (old === null ? element.removeAttribute(key) : element.setAttribute(key, old)),
  write: (element) => {
    element.setAttribute(key, value);
    return value;
  },
});

// The text is set as text: nothing in it is parsed as HTML or run.
const textFacet = (value: string): Facet => ({
  slot: 't',
  want: value,
  look: (element) => element.textContent,
  keep: (element) => Array.from(element.childNodes),
  undo: (element, nodes: Node[]) => element.replaceChildren(...nodes),
  write: (element) => (element.textContent = value),
});

/** The style attribute before an element's first style change: often none, and then the revert takes CSSOM's away. */
const styleAttribute: Facet = {
  slot: 'S',
  look: (element) => element.getAttribute('style'),
  undo: removeAddedStyle,
};

/**
 * What each operation sets on the elements its rule finds. A move is kept apart (keepMoved); a remove, an insert and a
 * style for one device only are the structure's (see Structure), which names its facets by operation type.
 */
const facetsOf = (rule: ElementRule, page: Document, structure: Structure | undefined): Facet[] => [
  ...rule.attributes.map(attributeFacet),
  ...rule.operations.flatMap((operation) =>
    operation.type === 'text'
      ? [textFacet(operation.value)]
      : operation.type === 'style' && !operation.device
        ? [styleFacet(operation.name, operation.value)]
        : operation.type !== 'move' && structure
          ? structure[operation.type](operation as never, page)
          : [],
  ),
];

type Move = Extract<ElementOperation, { type: 'move' }>;

/**
 * Applies element rules to the page now, and keeps them applied: elements that appear later are changed when they
 * appear, and what the page changes back (a framework re-rendering) is changed again, up to REAPPLY_LIMIT times per
 * element and window. One MutationObserver sees the page; its batches of changes are handled together.
 */
export function applyElementRules(rules: readonly ElementRule[], options: ApplyOptions = {}): AppliedRules {
  const page = options.document ?? document;
  const facets = rules.map((rule) => facetsOf(rule, page, options.structure));
  /** Every change in the order first made, undone backwards; and each element's changes by facet slot. */
  const changes: Change[] = [];
  const changesOf = new Map<Node, Map<string, Change>>();
  /** The element each move moved: once moved, its selector may well match another element. */
  const moved = new Map<Move, HTMLElement>();
  const givenUp = new WeakSet<Node>();
  const broken = new Set<ElementRule>();
  const elementGuard = createGuard(REAPPLY_LIMIT, REAPPLY_WINDOW_MS);
  const passGuard = createGuard(PASS_LIMIT, REAPPLY_WINDOW_MS);
  let changedAny = false;

  const report = (problem: Problem, ...details: unknown[]) => reportTo(explain(problem, ...details), options);

  function put(element: HTMLElement, facet: Facet, selector: string): void {
    if (givenUp.has(element)) return;
    const own = changesOf.get(element) ?? new Map<string, Change>();
    const change = own.get(facet.slot);
    const now = facet.look(element);
    if (now === (change ? change.seen : facet.want)) return;
    changesOf.set(element, own);
    const kept = facet.keep ? facet.keep(element) : now;
    if (!change) {
      if (facet.slot[0] === 's' && !own.has('S')) record(own, element, styleAttribute, styleAttribute.look(element));
      record(own, element, facet, kept);
    } else if (!elementGuard(element)) {
      givenUp.add(element);
      report(Problem.ElementLeftAlone, selector);
      return;
    } else if (facet.slot !== 'm') {
      // What the page set since is what it wants once the experiment's changes go.
      change.kept = kept;
    }
    own.get(facet.slot)!.seen = facet.write!(element);
    changedAny = true;
  }

  function record(own: Map<string, Change>, element: HTMLElement, facet: Facet, kept: unknown): void {
    const change = { element, facet, kept };
    own.set(facet.slot, change);
    changes.push(change);
  }

  function keepMoved(rule: ElementRule, move: Move): void {
    const target = page.querySelector(move.targetSelector);
    let element = moved.get(move);
    if (!element?.isConnected) element = page.querySelector<HTMLElement>(rule.selector) ?? undefined;
    if (!target || !element) return;
    moved.set(move, element);
    const before = move.insertOrder === 'before';
    const placed = (at: HTMLElement) => ((before ? at.nextSibling : at.previousSibling) === target ? '' : null);
    put(
      element,
      {
        slot: 'm',
        want: '',
        look: placed,
        keep: keepPosition,
        undo: undoMove,
        write: (at) => {
          target.parentNode?.insertBefore(at, before ? target : target.nextSibling);
          return placed(at);
        },
      },
      rule.selector,
    );
  }

  function pass(): void {
    changedAny = false;
    rules.forEach((rule, index) => {
      if (broken.has(rule)) return;
      try {
        const ruleFacets = facets[index]!;
        if (ruleFacets.length > 0) {
          page.querySelectorAll<HTMLElement>(rule.selector).forEach((element) => {
            for (const facet of ruleFacets) put(element, facet, rule.selector);
          });
        }
        for (const operation of rule.operations) if (operation.type === 'move') keepMoved(rule, operation);
      } catch (error) {
        broken.add(rule);
        report(Problem.ChangeNotApplied, rule.selector, error);
      }
    });
  }

  const observer = new MutationObserver(() => {
    pass();
    // The records of the pass's own changes: nothing to answer.
    observer.takeRecords();
    if (changedAny && !passGuard(observer)) {
      observer.disconnect();
      report(Problem.StoppedWatching);
    }
  });

  pass();
  const attributeFilter = ['class', 'style', ...rules.flatMap((rule) => rule.attributes.map(({ key }) => key))];
  observer.observe(page, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter });

  return {
    revert() {
      observer.disconnect();
      for (const { element, facet, kept } of changes.splice(0).reverse()) {
        try {
          facet.undo(element, kept);
        } catch (error) {
          report(Problem.ChangeNotUndone, error);
        }
      }
      changesOf.clear();
      moved.clear();
    },
  };
}
