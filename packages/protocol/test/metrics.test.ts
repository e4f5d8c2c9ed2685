import { describe, expect, it } from 'vitest';
import {
  createMetricBodySchema,
  DEFAULT_STATISTICS_SETTINGS,
  metricIssues,
  pageUrlMatches,
  pageUrlPatternSchema,
  statisticsSettingsSchema,
  updateProjectBodySchema,
} from '../src';

describe('page address matching', () => {
  it('exact compares the whole address, query and fragment included', () => {
    const pattern = 'https://shop.example/cart?step=2';
    expect(pageUrlMatches(pattern, 'exact', 'https://shop.example/cart?step=2')).toBe(true);
    expect(pageUrlMatches(pattern, 'exact', 'HTTPS://Shop.Example:443/cart?step=2')).toBe(true);
    expect(pageUrlMatches(pattern, 'exact', 'https://shop.example/cart?step=3')).toBe(false);
    expect(pageUrlMatches(pattern, 'exact', 'https://shop.example/cart?step=2#top')).toBe(false);
    expect(pageUrlMatches(pattern, 'exact', 'http://shop.example/cart?step=2')).toBe(false);
    expect(pageUrlMatches(pattern, 'exact', 'https://shop.example/Cart?step=2')).toBe(false);
    expect(pageUrlMatches('https://shop.example', 'exact', 'https://shop.example/')).toBe(true);
  });

  it('fuzzy compares host and path only', () => {
    const pattern = 'https://shop.example/cart';
    for (const url of [
      'https://shop.example/cart',
      'http://shop.example/cart',
      'https://shop.example/cart/',
      'https://shop.example/cart?utm_source=mail#summary',
    ]) {
      expect(pageUrlMatches(pattern, 'fuzzy', url), url).toBe(true);
    }
    for (const url of ['https://shop.example/cart/items', 'https://www.shop.example/cart', 'https://shop.example/']) {
      expect(pageUrlMatches(pattern, 'fuzzy', url), url).toBe(false);
    }
  });

  it('lets * stand for any run of characters, and nothing else be special', () => {
    expect(pageUrlMatches('https://shop.example/products/*', 'fuzzy', 'https://shop.example/products/42?x=1')).toBe(
      true,
    );
    expect(pageUrlMatches('https://shop.example/products/*', 'fuzzy', 'https://shop.example/product/42')).toBe(false);
    expect(pageUrlMatches('https://*.shop.example/', 'fuzzy', 'https://de.shop.example/')).toBe(true);
    expect(pageUrlMatches('https://shop.example/*/done', 'exact', 'https://shop.example/a/b/done')).toBe(true);
    expect(pageUrlMatches('https://shop.example/a.b', 'exact', 'https://shop.example/axb')).toBe(false);
    expect(pageUrlMatches('https://shop.example/(x)', 'exact', 'https://shop.example/(x)')).toBe(true);
  });

  it('matches nothing that is not an absolute address', () => {
    expect(pageUrlMatches('/cart', 'fuzzy', '/cart')).toBe(false);
    expect(pageUrlMatches('https://shop.example/cart', 'fuzzy', 'not a url')).toBe(false);
  });

  it('takes http(s) patterns with wildcards and refuses the rest', () => {
    expect(pageUrlPatternSchema.safeParse('https://*.shop.example/products/*').success).toBe(true);
    expect(pageUrlPatternSchema.safeParse('http://localhost:3000/').success).toBe(true);
    for (const bad of ['', 'shop.example/cart', 'ftp://shop.example/', 'https://shop example/']) {
      expect(pageUrlPatternSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

const purchase = { kind: 'event', event: 'purchase' } as const;
const messages = (body: unknown) => {
  const result = createMetricBodySchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('metric definitions', () => {
  it('fill in the defaults: 72-hour window, higher is better, no capping, CUPED over 14 days', () => {
    expect(
      createMetricBodySchema.parse({ key: 'purchase', name: 'Purchase', type: 'conversion', source: purchase }),
    ).toEqual({
      key: 'purchase',
      name: 'Purchase',
      description: '',
      tags: [],
      type: 'conversion',
      source: { kind: 'event', event: 'purchase', filter: null },
      ratio: null,
      windowHours: 72,
      direction: 'higher',
      capping: { kind: 'none' },
      cuped: { enabled: true, lookbackDays: 14 },
    });
  });

  it('refuse what the rules across fields do not allow, naming the field', () => {
    const base = { key: 'm', name: 'M', source: purchase };
    expect(messages({ ...base, type: 'ratio' })).toEqual([
      ['ratio', 'Please input denominator: a ratio metric divides by a second source'],
    ]);
    const pageview = { kind: 'pageview', url: 'https://shop.example/thanks' };
    expect(messages({ ...base, type: 'sum', source: pageview })).toEqual([
      ['source', 'Only tracked events carry a value to sum: choose an event source'],
    ]);
    expect(messages({ ...base, type: 'conversion', capping: { kind: 'percentile', value: 0.99 } })).toEqual([
      ['capping', 'A conversion is 0 or 1 per unit: capping does not apply'],
    ]);
    const orders = { source: { kind: 'click', selector: '#buy' }, aggregate: 'sum' };
    expect(messages({ ...base, type: 'ratio', ratio: { numerator: 'sum', denominator: orders } })).toEqual([
      ['ratio.denominator.source', 'Only tracked events carry a value to sum: choose an event source, or count'],
    ]);
    expect(
      messages({
        ...base,
        type: 'count',
        ratio: { numerator: 'count', denominator: { ...orders, aggregate: 'count' } },
      }),
    ).toEqual([['ratio', 'Only ratio metrics have a denominator: leave it out']]);
  });

  it('refuse bad single fields with the spec prompts', () => {
    const base = { key: 'm', name: 'M', type: 'count' };
    expect(messages({ ...base, source: { kind: 'event', event: '$pageview' } })[0]?.[0]).toBe('source.event');
    expect(messages({ ...base, source: { kind: 'pageview', url: 'shop.example' } })).toEqual([
      ['source.url', 'Please input valid url: http(s)://host/path, with * for any characters'],
    ]);
    expect(messages({ ...base, source: purchase, capping: { kind: 'percentile', value: 1 } })).toEqual([
      ['capping.value', 'Please input valid percentile: between 0 and 1, e.g. 0.99'],
    ]);
    const filter = { property: 'amount', operator: 'gt', value: 'ten' };
    expect(messages({ ...base, source: { ...purchase, filter } })).toEqual([
      ['source.filter.value', 'Please input valid number: this operator compares numbers'],
    ]);
    expect(messages({ ...base, source: purchase, windowHours: 0 })[0]?.[0]).toBe('windowHours');
    expect(messages({ ...base, source: purchase, cuped: { enabled: true, lookbackDays: 91 } })[0]?.[0]).toBe(
      'cuped.lookbackDays',
    );
  });

  it('allow a sum divided by a count, clicks divided by orders, and an unlimited window', () => {
    const ratio = {
      numerator: 'sum',
      denominator: { source: { kind: 'event', event: 'order' }, aggregate: 'count' },
    } as const;
    expect(messages({ key: 'aov', name: 'AOV', type: 'ratio', source: purchase, ratio, windowHours: null })).toEqual(
      [],
    );
    expect(
      metricIssues({
        type: 'ratio',
        source: { kind: 'click' },
        ratio: { ...ratio, numerator: 'count' },
        capping: { kind: 'none' },
      }),
    ).toEqual([]);
  });
});

describe('project statistics settings', () => {
  it('default to frequentist at alpha 0.05 with Holm and a 95% decision threshold', () => {
    expect(statisticsSettingsSchema.parse(DEFAULT_STATISTICS_SETTINGS)).toEqual({
      method: 'frequentist',
      alpha: 0.05,
      correction: 'holm',
      decisionThreshold: 0.95,
    });
  });

  it('take a decision threshold strictly inside (0.5, 1)', () => {
    expect(updateProjectBodySchema.parse({ statistics: { decisionThreshold: 0.9 } })).toEqual({
      statistics: { decisionThreshold: 0.9 },
    });
    for (const decisionThreshold of [0.5, 1, 0.3]) {
      const parsed = updateProjectBodySchema.safeParse({ statistics: { decisionThreshold } });
      expect(parsed.error?.issues[0]?.message, String(decisionThreshold)).toBe(
        'Please input valid decision threshold: above 0.5 and below 1, e.g. 0.95',
      );
    }
  });

  it('change one at a time through the project body, alpha strictly inside (0, 0.5)', () => {
    expect(updateProjectBodySchema.parse({ statistics: { method: 'bayesian' } })).toEqual({
      statistics: { method: 'bayesian' },
    });
    for (const alpha of [0, 0.5, -1]) {
      expect(updateProjectBodySchema.safeParse({ statistics: { alpha } }).success, String(alpha)).toBe(false);
    }
    expect(updateProjectBodySchema.safeParse({ statistics: { correction: 'bonferroni' } }).success).toBe(false);
  });
});
