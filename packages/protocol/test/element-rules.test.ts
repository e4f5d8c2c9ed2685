import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChangeRecord,
  changeRecordSchema,
  dashedStyleName,
  type ElementRule,
  elementRuleSchema,
  mergeElementRules,
  pageChangesOf,
  toElementRules,
} from '../src';

const record = (fields: Partial<ChangeRecord> & Pick<ChangeRecord, 'type'>): ChangeRecord =>
  changeRecordSchema.parse({ selector: '#hero', key: '', value: '', ...fields });

const rulesOf = (...records: ChangeRecord[]) => toElementRules(records);

describe('change records → element rules (spec §3)', () => {
  it('sets the text of a text-content change, as text', () => {
    expect(rulesOf(record({ type: '', key: 'textContent', value: '<b>Sale</b>' }))).toEqual([
      { selector: '#hero', attributes: [], operations: [{ type: 'text', value: '<b>Sale</b>' }] },
    ]);
  });

  it('sets the class of a className change', () => {
    expect(rulesOf(record({ type: 'attribute', key: 'className', value: 'cta big' }))).toEqual([
      { selector: '#hero', attributes: [{ key: 'class', value: 'cta big' }], operations: [] },
    ]);
  });

  it('turns style changes into important inline styles with dashed names', () => {
    const rules = rulesOf(
      record({ type: 'style', key: 'backgroundColor', value: '#ff0000' }),
      record({ type: 'style', key: 'WebkitTextStroke', value: '1px black' }),
      record({ type: 'style', key: 'msTransform', value: 'none' }),
      record({ type: 'style', key: 'font-size', value: '20px !important' }),
    );
    expect(rules[0]?.operations).toEqual([
      { type: 'style', name: 'background-color', value: '#ff0000' },
      { type: 'style', name: '-webkit-text-stroke', value: '1px black' },
      { type: 'style', name: '-ms-transform', value: 'none' },
      { type: 'style', name: 'font-size', value: '20px' },
    ]);
    expect(dashedStyleName('--brand-colour')).toBe('--brand-colour');
  });

  it('wraps an http(s) background image in url() and reads an empty one as none', () => {
    const image = (value: string) =>
      rulesOf(record({ type: 'style', key: 'backgroundImage', value }))[0]?.operations[0];
    expect(image('https://cdn.example/a.png')).toEqual({
      type: 'style',
      name: 'background-image',
      value: 'url("https://cdn.example/a.png")',
    });
    expect(image('HTTP://cdn.example/say "hi"\\.png')).toMatchObject({
      value: 'url("HTTP://cdn.example/say \\"hi\\"\\\\.png")',
    });
    expect(image('')).toMatchObject({ value: 'none' });
    expect(image('linear-gradient(red, blue)')).toMatchObject({ value: 'linear-gradient(red, blue)' });
  });

  it('sets the attribute of an attribute change', () => {
    expect(rulesOf(record({ type: 'attribute', key: 'href', value: 'https://shop.example/sale' }))).toEqual([
      { selector: '#hero', attributes: [{ key: 'href', value: 'https://shop.example/sale' }], operations: [] },
    ]);
  });

  it('turns a reorder move into an operation with target selector, insert order and new selector', () => {
    const move = record({
      type: 'move',
      moveType: 'reorder',
      targetSelector: '#footer',
      insertOrder: 'after',
      newSelector: 'main > div:nth-child(3)',
    });
    expect(rulesOf(move)[0]?.operations).toEqual([
      { type: 'move', targetSelector: '#footer', insertOrder: 'after', newSelector: 'main > div:nth-child(3)' },
    ]);
  });

  it('turns any other move into relative positioning with left and top from x and y', () => {
    expect(rulesOf(record({ type: 'move', moveType: 'anywhere', x: 12, y: -4.5 }))[0]?.operations).toEqual([
      { type: 'style', name: 'position', value: 'relative' },
      { type: 'style', name: 'left', value: '12px' },
      { type: 'style', name: 'top', value: '-4.5px' },
    ]);
    expect(rulesOf(record({ type: 'move', x: 0, y: 8 }))[0]?.operations[2]).toMatchObject({ value: '8px' });
  });

  it('merges rules of one selector; later style entries override earlier ones of the same property', () => {
    const rules = rulesOf(
      record({ type: 'style', key: 'color', value: 'red' }),
      record({ selector: '#other', type: 'attribute', key: 'title', value: 'a' }),
      record({ type: 'style', key: 'fontSize', value: '12px' }),
      record({ type: 'style', key: 'color', value: 'blue' }),
      record({ type: '', key: 'textContent', value: 'Hello' }),
    );
    expect(rules).toEqual([
      {
        selector: '#hero',
        attributes: [],
        operations: [
          { type: 'style', name: 'color', value: 'blue' },
          { type: 'style', name: 'font-size', value: '12px' },
          { type: 'text', value: 'Hello' },
        ],
      },
      { selector: '#other', attributes: [{ key: 'title', value: 'a' }], operations: [] },
    ]);
    for (const rule of rules) expect(elementRuleSchema.parse(rule)).toEqual(rule);
  });
});

describe("changes beyond the spec's four kinds", () => {
  it('takes an element off the page, and inserts new ones beside or inside it, each by its own id', () => {
    const rules = rulesOf(
      record({ type: 'insert', key: 'button', value: 'cta-2', insertOrder: 'after' }),
      record({ type: 'insert', key: 'image', value: 'badge', insertOrder: 'inside' }),
      record({ selector: '#promo', type: 'remove' }),
    );
    expect(rules).toEqual([
      {
        selector: '#hero',
        attributes: [],
        operations: [
          { type: 'insert', kind: 'button', id: 'cta-2', position: 'after' },
          { type: 'insert', kind: 'image', id: 'badge', position: 'inside' },
        ],
      },
      { selector: '#promo', attributes: [], operations: [{ type: 'remove' }] },
    ]);
    for (const rule of rules) expect(elementRuleSchema.parse(rule)).toEqual(rule);
  });

  it('keeps an anywhere move to its device, so a desktop shift and a phone shift of one element both hold', () => {
    const rules = rulesOf(
      record({ type: 'move', moveType: 'anywhere', x: 300, y: 0, device: 'desktop' }),
      record({ type: 'move', moveType: 'anywhere', x: 10, y: 5, device: 'mobile' }),
    );
    expect(rules[0]?.operations).toEqual([
      { type: 'style', name: 'position', value: 'relative', device: 'desktop' },
      { type: 'style', name: 'left', value: '300px', device: 'desktop' },
      { type: 'style', name: 'top', value: '0px', device: 'desktop' },
      { type: 'style', name: 'position', value: 'relative', device: 'mobile' },
      { type: 'style', name: 'left', value: '10px', device: 'mobile' },
      { type: 'style', name: 'top', value: '5px', device: 'mobile' },
    ]);
  });

  it('keeps changes of the whole page out of the element rules: the last style sheet, script and redirect', () => {
    const page = (type: 'css' | 'script' | 'redirect', value: string) => record({ selector: 'html', type, value });
    const records = [
      page('css', '.a { color: red }'),
      record({ type: 'style', key: 'color', value: 'red' }),
      page('redirect', 'https://shop.example/b'),
      page('css', '.a { color: blue }'),
      page('script', 'console.log(1)'),
    ];
    expect(rulesOf(...records).map((rule) => rule.selector)).toEqual(['#hero']);
    expect(pageChangesOf(records)).toEqual({
      css: '.a { color: blue }',
      script: 'console.log(1)',
      redirect: 'https://shop.example/b',
    });
    expect(pageChangesOf([records[1]!])).toEqual({});
  });
});

describe('change record schema', () => {
  it('names the fields of spec §3 and refuses incomplete moves', () => {
    const move = { selector: '#a', type: 'move', moveType: 'reorder', targetSelector: '#b', insertOrder: 'before' };
    expect(changeRecordSchema.safeParse({ ...move, newSelector: '#c' }).success).toBe(true);
    expect(changeRecordSchema.safeParse(move).error?.issues[0]?.path).toEqual(['newSelector']);
    expect(changeRecordSchema.safeParse({ selector: '#a', type: 'move', x: 1 }).error?.issues[0]?.path).toEqual(['y']);
    expect(changeRecordSchema.safeParse({ selector: '#a', type: 'style', value: 'red' }).success).toBe(false);
    expect(changeRecordSchema.safeParse({ selector: ' ', type: 'style', key: 'color' }).error?.issues[0]?.message).toBe(
      'Please choose an element',
    );
  });

  const refusal = (fields: object) => changeRecordSchema.safeParse({ selector: '#a', ...fields }).error?.issues[0];

  it('refuses attributes that would run script: handlers, a frame document, script addresses', () => {
    expect(refusal({ type: 'attribute', key: 'onclick', value: 'steal()' })).toMatchObject({
      path: ['key'],
      message: 'Please input valid key',
    });
    expect(refusal({ type: 'attribute', key: 'ONLOAD', value: 'x' })?.path).toEqual(['key']);
    expect(refusal({ type: 'attribute', key: 'srcdoc', value: '<script>' })?.path).toEqual(['key']);
    for (const value of ['javascript:alert(1)', ' JavaScript:x', 'java\tscript:x', '\u0001vbscript:x']) {
      expect(refusal({ type: 'attribute', key: 'href', value })).toMatchObject({ message: 'Please input valid URL' });
    }
    expect(refusal({ type: 'attribute', key: 'srcset', value: 'a.png 1x, javascript:x 2x' })?.path).toEqual(['value']);
    for (const [key, value] of [
      ['href', 'https://shop.example/javascript:'],
      ['src', 'data:image/png;base64,AAAA'],
      ['srcset', 'a.png 1x, b.png 2x'],
      ['alt', 'javascript: a talk'],
      ['target', '_blank'],
    ]) {
      expect(refusal({ type: 'attribute', key, value })).toBeUndefined();
    }
  });

  it('asks an insert for its kind, id and place, and a redirect for an http(s) address or a path', () => {
    expect(refusal({ type: 'insert', key: 'script', value: 'a', insertOrder: 'after' })?.path).toEqual(['key']);
    expect(refusal({ type: 'insert', key: 'text', value: 'A"]', insertOrder: 'after' })?.path).toEqual(['value']);
    expect(refusal({ type: 'insert', key: 'text', value: 'a' })?.path).toEqual(['insertOrder']);
    expect(refusal({ type: 'insert', key: 'link', value: 'new-1', insertOrder: 'inside' })).toBeUndefined();
    expect(
      refusal({ type: 'move', moveType: 'reorder', targetSelector: '#b', insertOrder: 'inside', newSelector: '#c' })
        ?.path,
    ).toEqual(['insertOrder']);
    for (const value of ['https://b.example/landing?x=1', '/pricing-b']) {
      expect(refusal({ type: 'redirect', value })).toBeUndefined();
    }
    for (const value of ['javascript:alert(1)', '//evil.example', 'b.html', '', 'https://', 'https://a b']) {
      expect(refusal({ type: 'redirect', value })).toMatchObject({
        path: ['value'],
        message: 'Please input valid URL',
      });
    }
  });
});

const SELECTORS = ['#a', '.b', 'main > p', '#d'];
const STYLE_NAMES = ['color', 'top', 'font-size'];

const ruleArbitrary: fc.Arbitrary<ElementRule> = fc.record({
  selector: fc.constantFrom(...SELECTORS),
  attributes: fc.array(fc.record({ key: fc.constantFrom('class', 'title', 'href'), value: fc.string() }), {
    maxLength: 3,
  }),
  operations: fc.array(
    fc.oneof(
      fc.record({ type: fc.constant('text' as const), value: fc.string() }),
      fc.record({ type: fc.constant('style' as const), name: fc.constantFrom(...STYLE_NAMES), value: fc.string() }),
      fc.record({
        type: fc.constant('move' as const),
        targetSelector: fc.constantFrom(...SELECTORS),
        insertOrder: fc.constantFrom('before' as const, 'after' as const),
        newSelector: fc.constantFrom(...SELECTORS),
      }),
    ),
    { maxLength: 4 },
  ),
});
const rulesArbitrary = fc.array(ruleArbitrary, { maxLength: 8 });

/** The value each selector's attribute or operation ends with when the rules are applied one after another. */
function finalValues(rules: readonly ElementRule[]): Map<string, unknown> {
  const values = new Map<string, unknown>();
  for (const rule of rules) {
    for (const attribute of rule.attributes) values.set(`${rule.selector}|@${attribute.key}`, attribute.value);
    for (const operation of rule.operations) {
      const slot = operation.type === 'style' ? `style ${operation.name}` : operation.type;
      values.set(`${rule.selector}|${slot}`, operation);
    }
  }
  return values;
}

describe('merging element rules (properties)', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(rulesArbitrary, (rules) => {
        const once = mergeElementRules(rules);
        expect(mergeElementRules(once)).toEqual(once);
      }),
    );
  });

  it('keeps selectors in the order they first appear, one rule each', () => {
    fc.assert(
      fc.property(rulesArbitrary, (rules) => {
        const firstSeen = [...new Set(rules.map((rule) => rule.selector))];
        expect(mergeElementRules(rules).map((rule) => rule.selector)).toEqual(firstSeen);
      }),
    );
  });

  it('leaves every attribute and operation with its last value, in the order first set', () => {
    fc.assert(
      fc.property(rulesArbitrary, (rules) => {
        const merged = mergeElementRules(rules);
        expect([...finalValues(merged)]).toEqual([...finalValues(rules)].sort(bySelectorOrder(rules)));
      }),
    );
  });

  it('merges in parts as it merges whole', () => {
    fc.assert(
      fc.property(rulesArbitrary, rulesArbitrary, (first, second) => {
        expect(mergeElementRules([...mergeElementRules(first), ...mergeElementRules(second)])).toEqual(
          mergeElementRules([...first, ...second]),
        );
      }),
    );
  });
});

/**
 * The merged rules' order: by the selector's first appearance, attributes before operations, then as first set (the
 * sort is stable).
 */
function bySelectorOrder(rules: readonly ElementRule[]) {
  const selectors = [...new Set(rules.map((rule) => rule.selector))];
  const rank = (slot: string) => {
    const [selector = '', what = ''] = slot.split('|');
    return selectors.indexOf(selector) * 2 + (what.startsWith('@') ? 0 : 1);
  };
  return ([a]: [string, unknown], [b]: [string, unknown]) => rank(a) - rank(b);
}
