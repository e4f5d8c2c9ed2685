// How fast the SDK applies a visual experiment's changes, in Chromium: 200 element rules (text, class, attributes,
// important styles, reorder and anywhere moves, made from change records by the protocol's conversion) on a page of
// 5,000 elements, under a Content-Security-Policy that forbids inline styles. The applier is bundled and minified as
// the snippet would carry it. `applyMs` is the first application on a new page (median of several pages), which is what
// a visitor waits for; `reapplyMs` applies again after a revert on the same page, as on navigation in a single-page
// application; `passMs` is what keeping the rules applied costs each time the page changes. Target: 10 ms to apply.
// Beside it, the peer: GrowthBook's DOM library dom-mutator (the version GrowthBook's SDK depends on, bundled and
// minified alike), given the same change records as GrowthBook's SDK hands them to it, one declarative mutation each,
// in the form its visual editor saves: text as escaped HTML, a class name as the class set, a style as the style
// attribute (`color: red !important`), a reorder as a position (parent, element to insert before), and an anywhere
// move, which dom-mutator has no mutation for, as the styles the applier sets for it. Its first application is timed on
// new pages loaded and left to settle alike, each beside one of the applier's, and the same changes are checked on the
// page. dom-mutator writes every change in the call that is given it (nothing waits for a frame), so all are in the
// page when its calls return (`domMutatorWrittenMs`); but its MutationObservers hear of its own writes and, in the
// microtasks that follow, before the browser may render or run anything else, query every mutation's selector again and
// read the changed elements back. `domMutatorApplyMs` ends when the last of those rounds has, as the visitor sees
// nothing before; the applier starts watching only after its own pass, so nothing of it runs after it returns, where
// its clock stops (waited for the same way, it settles about 0.5 ms later: what the wait itself takes). `applySpeedup`
// is domMutatorApplyMs / applyMs (target: 2). The policy refuses every style attribute dom-mutator writes (its colours
// and anywhere moves): `domMutatorRefused` counts the refusals on a page with the policy, and dom-mutator is timed on a
// copy of the page without it, where all its changes show.
// Then the whole snippet, dist/tabula.js as built, in the <head> of a page whose site serves its payload:
// `firstApplyMs` is navigation start → the headline changed for a first visit, with the snippet as the generator
// writes it (the SDK's address names the client key, so the payload comes with it), and `firstApplyAfterSnippetMs`
// the part of it after the snippet's script arrived (target: 50 ms); `unkeyedFirstApplyMs` and
// `unkeyedFirstApplyAfterSnippetMs` the same when the SDK must fetch the payload itself; `returningApplyMs` and
// `returningApplyAfterSnippetMs` the same for a returning visitor, whose payload is cached on the device.
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type ChangeRecord, dashedStyleName, type ElementRule, styleValue, toElementRules } from '@tabula/protocol';
import type { DeclarativeMutation } from 'dom-mutator';
import { type BuildOptions, build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { CHANGED_HEADLINE, startVisualSite } from '../e2e/support/visual-site';

const ELEMENTS = 5000;
/** Each section: itself, a heading, a paragraph with a link, and a list of five items. */
const ELEMENTS_PER_SECTION = 10;
const SECTIONS = ELEMENTS / ELEMENTS_PER_SECTION;
const RULES = 200;
const ROUNDS = 30;
const FRESH_PAGES = 15;
const TARGET_MS = 10;
const FIRST_APPLY_TARGET_MS = 50;
/** How many times longer dom-mutator should take than the applier for the same first application. */
const APPLY_SPEEDUP_TARGET = 2;
const VISITS = 9;
/**
 * How long a new page is left alone before the applier is timed. For about a second after Chromium opens a page, its
 * other processes keep both cores of a small machine busy: a 10 ms loop on the page then got 2.5–4 ms of its thread's
 * time, and 8–10 ms once two seconds had passed. Timing it at once measured those processes, not the applier.
 */
const SETTLE_MS = 2000;

/**
 * Added through the browser's debugger before the page's own scripts: when the headline first reads the changed text
 * (its observer was made before the SDK's, so it hears the change in the same round of observers as the change is
 * made), and when the snippet's script finished arriving. Both in ms since navigation start.
 */
const TIMING_PROBE = `
  new MutationObserver((records, observer) => {
    if (document.getElementById('headline')?.textContent !== ${JSON.stringify(CHANGED_HEADLINE)}) return;
    window.appliedAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

/** The test page; `policy: false` is the second copy, without the Content-Security-Policy, for dom-mutator. */
function pageHtml({ policy }: { policy: boolean }): string {
  const sections = Array.from(
    { length: SECTIONS },
    (_, s) =>
      `<section id="s${s}" class="card card-${s % 7}"><h2 class="title">Product ${s}</h2>` +
      `<p class="copy">Copy ${s} <a href="/p/${s}">more</a></p>` +
      `<ul class="items">${'<li>item</li>'.repeat(5)}</ul></section>`,
  ).join('');
  // style-src without 'unsafe-inline': a <style> element or a style attribute written by a script is refused here.
  const meta = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self'">`;
  return `<!doctype html><html><head>${policy ? meta : ''}</head><body><main>${sections}</main></body></html>`;
}

/** Change records as the editor saves them, spread over the page, with the kinds of selectors @medv/finder makes. */
function changeRecords(): ChangeRecord[] {
  const records: ChangeRecord[] = [];
  for (let r = 0; records.length < RULES; r++) {
    const s = (r * 37) % SECTIONS;
    const base = { key: '', value: '' };
    switch (r % 5) {
      case 0:
        records.push({ ...base, selector: `#s${s} > .title`, type: '', key: 'textContent', value: `Offer ${r}` });
        break;
      case 1:
        records.push({ ...base, selector: `#s${s} .copy > a`, type: 'attribute', key: 'href', value: `/sale/${r}` });
        break;
      case 2:
        records.push({ ...base, selector: `#s${s}`, type: 'attribute', key: 'className', value: 'card highlighted' });
        break;
      case 3:
        records.push({ ...base, selector: `#s${s} > ul > li:nth-child(2)`, type: 'style', key: 'color', value: 'red' });
        break;
      case 4:
        records.push(
          r % 2 === 0
            ? {
                ...base,
                selector: `#s${s} > .copy`,
                type: 'move',
                moveType: 'reorder',
                targetSelector: `#s${s} > .title`,
                insertOrder: 'before',
                newSelector: `#s${s} > p:first-child`,
              }
            : { ...base, selector: `#s${s} > .title`, type: 'move', moveType: 'anywhere', x: 10, y: -4 },
        );
        break;
    }
  }
  return records;
}

/** Text as the HTML that sets it: what the browser serialises a text node to, which is what GrowthBook's editor saves. */
const escapeText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;');

/** The parent's selector of a `parent > child` selector, as the editor would have picked the parent for a drop. */
function parentOf(selector: string): string {
  const at = selector.lastIndexOf(' > ');
  if (at < 0) throw new Error(`no parent in the selector ${selector}`);
  return selector.slice(0, at);
}

/** Inline styles as GrowthBook's visual editor saves them: the whole style attribute, as `name: value` pairs. */
const styleMutation = (selector: string, styles: [name: string, value: string][]): DeclarativeMutation => ({
  selector,
  action: 'set',
  attribute: 'style',
  value: styles.map(([name, value]) => `${name}: ${styleValue(name, value)} !important`).join('; '),
});

/**
 * A change record as GrowthBook's SDK hands it to dom-mutator: a declarative mutation, the form its visual editor saves.
 * The text is HTML, escaped; a reorder names the parent and the element to insert before; dom-mutator has no move by x
 * and y, so an anywhere move is the styles the applier sets for it.
 */
function growthBookMutation(record: ChangeRecord): DeclarativeMutation {
  const { selector, key, value } = record;
  switch (record.type) {
    case 'style':
      return styleMutation(selector, [[dashedStyleName(key), value]]);
    case 'move': {
      if (record.moveType === 'anywhere') {
        return styleMutation(selector, [
          ['position', 'relative'],
          ['left', `${record.x}px`],
          ['top', `${record.y}px`],
        ]);
      }
      const target = record.targetSelector!;
      if (record.insertOrder !== 'before') throw new Error('only moves before a target are expressed here');
      return {
        selector,
        action: 'set',
        attribute: 'position',
        parentSelector: parentOf(target),
        insertBeforeSelector: target,
      };
    }
    default:
      if (key === 'textContent') return { selector, action: 'set', attribute: 'html', value: escapeText(value) };
      return { selector, action: 'set', attribute: key === 'className' ? 'class' : key, value };
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (value: number) => Math.round(value * 1000) / 1000;

/** Bundled and minified as a script for the page, as the snippet carries the applier. */
const bundled = async (options: BuildOptions) =>
  (await build({ ...options, bundle: true, minify: true, format: 'iife', target: 'es2020', write: false }))
    .outputFiles[0]!.text;

const applier = await bundled({
  entryPoints: [new URL('../packages/sdk/src/dom/index.ts', import.meta.url).pathname],
  globalName: 'TabulaDom',
  // As in the snippet: problems reported by number, without the sentences that explain them.
  plugins: [
    {
      name: 'explain-by-number',
      setup(build) {
        build.onResolve({ filter: /^\.\/explain$/ }, (args) => ({
          path: join(args.resolveDir, 'explain-by-number.ts'),
        }));
      },
    },
  ],
});
// Its ES module build, as a bundler of GrowthBook's SDK would take it.
const peer = await bundled({
  stdin: { contents: "export { default } from 'dom-mutator';", resolveDir: new URL('.', import.meta.url).pathname },
  globalName: 'DomMutator',
});
const records = changeRecords();
const rules: ElementRule[] = toElementRules(records);
const mutations = records.map(growthBookMutation);
/** One change of each kind, read back on the page after it was applied. */
const checked = {
  text: records.find((record) => record.key === 'textContent')!,
  href: records.find((record) => record.key === 'href')!,
  className: records.find((record) => record.key === 'className')!,
  // A style the policy would refuse were it not set through CSSOM.
  style: records.find((record) => record.type === 'style')!,
  reorder: records.find((record) => record.moveType === 'reorder')!,
  anywhere: records.find((record) => record.moveType === 'anywhere')!,
};

type Dom = typeof import('../packages/sdk/src/dom');
type Peer = { default: typeof import('dom-mutator').default };

/** The kinds of change in `checked` that the page does not show. */
const missedChanges = (page: Page) =>
  page.evaluate((checked) => {
    const at = (selector: string) => document.querySelector<HTMLElement>(selector);
    const looks = (selector: string) => {
      const element = at(selector);
      return element ? getComputedStyle(element) : undefined;
    };
    const { text, href, className, style, reorder, anywhere } = checked;
    const shown = {
      text: at(text.selector)?.textContent === text.value,
      href: at(href.selector)?.getAttribute('href') === href.value,
      className: at(className.selector)?.className === className.value,
      style: looks(style.selector)?.color === 'rgb(255, 0, 0)',
      reorder: at(reorder.selector)?.nextElementSibling === at(reorder.targetSelector!),
      anywhere:
        looks(anywhere.selector)?.position === 'relative' &&
        looks(anywhere.selector)?.left === `${anywhere.x}px` &&
        looks(anywhere.selector)?.top === `${anywhere.y}px`,
    };
    return Object.keys(shown).filter((kind) => !shown[kind as keyof typeof shown]);
  }, checked);

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const refused: string[] = [];
  /**
   * A new page of the test site, with a script (the applier, or dom-mutator) loaded and nothing applied yet. The
   * policy's refusals are logged as errors, which go to `errors`.
   */
  const freshPage = async (script: string, globalName: string, { policy = true, errors = refused } = {}) => {
    const page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.setContent(pageHtml({ policy }));
    // Evaluated by the browser's debugger, which the page's policy does not govern (it forbids inline scripts too).
    // tsx names the functions handed to page.evaluate with a helper of its own, which the page must have too.
    await page.evaluate('window.__name = (target) => target');
    await page.evaluate(`window.${globalName} = (() => { ${script}; return ${globalName}; })()`);
    await page.waitForTimeout(SETTLE_MS);
    return page;
  };

  /** The first application on a page (nothing compiled, no selector seen yet). */
  const firstApply = async () => {
    const page = await freshPage(applier, 'TabulaDom');
    const first = await page.evaluate((rules) => {
      const { applyElementRules } = (window as unknown as { TabulaDom: Dom }).TabulaDom;
      const start = performance.now();
      applyElementRules(rules, { onError: (error) => console.error(error.message) });
      const ms = performance.now() - start;
      return { ms, elements: document.getElementsByTagName('*').length };
    }, rules);
    const missed = await missedChanges(page);
    if (missed.length > 0) throw new Error(`the rules were not applied: ${missed.join(', ')}`);
    if (first.elements < ELEMENTS) throw new Error(`the page has ${first.elements} elements`);
    await page.close();
    return first.ms;
  };

  /** dom-mutator's first application of the same changes, on the page without the policy, which refuses its styles. */
  const peerErrors: string[] = [];
  const peerFirstApply = async () => {
    const page = await freshPage(peer, 'DomMutator', { policy: false, errors: peerErrors });
    const times = await page.evaluate(async (mutations) => {
      const mutate = (window as unknown as { DomMutator: Peer }).DomMutator.default;
      const start = performance.now();
      for (const mutation of mutations) mutate.declarative(mutation);
      const written = performance.now();
      // Every change is in the page here; its observers, told of them in the microtasks that follow, read them back.
      // An observer made now is told after all of theirs in each round, so when it hears of a round it is over; `probe`,
      // an element outside the page, gives it something to hear in every round it must wait for.
      const probe = document.createElement('i');
      const settled = await new Promise<number>((resolve) => {
        const last = new MutationObserver((records) => {
          const now = performance.now();
          // The round changed the page: their observers hear of that in the next round, which is waited for too.
          if (records.some((record) => record.target !== probe)) probe.toggleAttribute('data-round');
          else {
            last.disconnect();
            resolve(now);
          }
        });
        last.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
        last.observe(probe, { attributes: true });
        probe.toggleAttribute('data-round');
      });
      return { writtenMs: written - start, settledMs: settled - start };
    }, mutations);
    const missed = await missedChanges(page);
    if (missed.length > 0) throw new Error(`dom-mutator's changes were not applied: ${missed.join(', ')}`);
    await page.close();
    return times;
  };

  /** How many of dom-mutator's changes a page with the policy refuses: the browser reports each refusal. */
  const peerRefusals = async () => {
    const page = await freshPage(peer, 'DomMutator', { errors: [] });
    const refusals = await page.evaluate(async (mutations) => {
      let refusals = 0;
      document.addEventListener('securitypolicyviolation', () => {
        refusals += 1;
      });
      const mutate = (window as unknown as { DomMutator: Peer }).DomMutator.default;
      for (const mutation of mutations) mutate.declarative(mutation);
      // The reports are events, each dispatched in a task of its own.
      await new Promise((resolve) => setTimeout(resolve, 500));
      return refusals;
    }, mutations);
    await page.close();
    return refusals;
  };

  // Each page of one beside a page of the other, so that what else runs on the machine weighs on both alike.
  const firstMs: number[] = [];
  const peerMs: number[] = [];
  const peerWrittenMs: number[] = [];
  for (let index = 0; index < FRESH_PAGES; index++) {
    firstMs.push(await firstApply());
    const { writtenMs, settledMs } = await peerFirstApply();
    peerMs.push(settledMs);
    peerWrittenMs.push(writtenMs);
  }
  if (peerErrors.length > 0) throw new Error(`dom-mutator reported errors: ${peerErrors.join('; ')}`);
  const domMutatorRefused = await peerRefusals();

  // Reverting and applying again on one page, as on navigation in a single-page application.
  const page = await freshPage(applier, 'TabulaDom');
  const rounds = await page.evaluate(
    ({ rules, rounds }) => {
      const { applyElementRules } = (window as unknown as { TabulaDom: Dom }).TabulaDom;
      const onError = (error: Error) => console.error(error.message);
      let applied = applyElementRules(rules, { onError });
      const applyMs: number[] = [];
      const revertMs: number[] = [];
      for (let round = 0; round < rounds; round++) {
        let start = performance.now();
        applied.revert();
        revertMs.push(performance.now() - start);
        start = performance.now();
        applied = applyElementRules(rules, { onError });
        applyMs.push(performance.now() - start);
      }
      return { applyMs, revertMs };
    },
    { rules, rounds: ROUNDS },
  );

  // A pass over every rule after the page changes something unrelated: what each framework render costs the page.
  const passMs = await page.evaluate(async (rounds) => {
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const start = performance.now();
      await new Promise<void>((resolve) => {
        // Created after the applier's observer, so called after its pass over the same batch.
        const after = new MutationObserver(() => {
          after.disconnect();
          resolve();
        });
        after.observe(document.body, { childList: true });
        document.body.append(document.createElement('div'));
      });
      times.push(performance.now() - start);
    }
    return times;
  }, ROUNDS);

  // The snippet on a page: first visits (each in a new context, nothing stored), then a returning visitor's reloads.
  const site = await startVisualSite();
  const visits = {
    first: [] as number[],
    firstAfter: [] as number[],
    unkeyedFirst: [] as number[],
    unkeyedFirstAfter: [] as number[],
    returning: [] as number[],
    returningAfter: [] as number[],
  };
  try {
    const measure = async (page: import('playwright-core').Page) => {
      await page.waitForFunction(() => (window as unknown as { appliedAt?: number }).appliedAt !== undefined);
      return page.evaluate(() => {
        const appliedAt = (window as unknown as { appliedAt: number }).appliedAt;
        const snippet = performance
          .getEntriesByType('resource')
          .find((entry) => new URL(entry.name).pathname === '/sdk/tabula.js') as PerformanceResourceTiming;
        return { appliedAt, after: appliedAt - snippet.responseEnd };
      });
    };
    // First visits, each in a new context (nothing stored), in turns: the snippet as generated, whose address names
    // the key so the payload comes with the SDK, and the SDK alone, which must ask for the payload.
    for (let visit = 0; visit < VISITS; visit++) {
      for (const keyed of [true, false]) {
        const context = await browser.newContext();
        await context.addInitScript(TIMING_PROBE);
        const page = await context.newPage();
        await page.goto(site.pageUrl({ keyed }));
        const first = await measure(page);
        (keyed ? visits.first : visits.unkeyedFirst).push(first.appliedAt);
        (keyed ? visits.firstAfter : visits.unkeyedFirstAfter).push(first.after);
        await context.close();
      }
    }
    const returningContext = await browser.newContext();
    await returningContext.addInitScript(TIMING_PROBE);
    const page = await returningContext.newPage();
    await page.goto(site.pageUrl({ keyed: true }));
    await measure(page);
    for (let visit = 0; visit < VISITS; visit++) {
      await page.reload();
      const returning = await measure(page);
      visits.returning.push(returning.appliedAt);
      visits.returningAfter.push(returning.after);
    }
    await returningContext.close();
  } finally {
    await site.close();
  }

  if (refused.length > 0) throw new Error(`the page refused changes: ${refused.join('; ')}`);
  console.log(
    JSON.stringify({
      name: 'visual',
      rules: rules.length,
      elements: ELEMENTS,
      applyMs: round(median(firstMs)),
      domMutatorApplyMs: round(median(peerMs)),
      domMutatorWrittenMs: round(median(peerWrittenMs)),
      applySpeedup: Math.round((median(peerMs) / median(firstMs)) * 100) / 100,
      domMutatorRefused,
      reapplyMs: round(median(rounds.applyMs)),
      revertMs: round(median(rounds.revertMs)),
      passMs: round(median(passMs)),
      applierGzipBytes: gzipSync(applier, { level: 9 }).length,
      firstApplyMs: round(median(visits.first)),
      firstApplyAfterSnippetMs: round(median(visits.firstAfter)),
      unkeyedFirstApplyMs: round(median(visits.unkeyedFirst)),
      unkeyedFirstApplyAfterSnippetMs: round(median(visits.unkeyedFirstAfter)),
      returningApplyMs: round(median(visits.returning)),
      returningApplyAfterSnippetMs: round(median(visits.returningAfter)),
      targetApplyMs: TARGET_MS,
      targetFirstApplyAfterSnippetMs: FIRST_APPLY_TARGET_MS,
      targetApplySpeedup: APPLY_SPEEDUP_TARGET,
    }),
  );
} finally {
  await browser.close();
}
