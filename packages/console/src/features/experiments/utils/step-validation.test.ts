import { describe, expect, it } from 'vitest';
import { type ExperimentDraft, newDraft, newVersion } from './experiment-draft';
import { validateDraft, validateStep, wizardSteps } from './step-validation';

const valid = (): ExperimentDraft => ({
  ...newDraft({ control: 'Control', treatment: 'Green button' }),
  name: 'Checkout button',
  key: 'checkout-button',
});

const paths = (draft: ExperimentDraft, step: Parameters<typeof validateStep>[0]) =>
  validateStep(step, draft).map((problem) => `${problem.path}:${problem.prompt}:${problem.field ?? ''}`);

describe('wizard steps', () => {
  it('has the page and visual editor steps only for visual experiments, the editor right after the page', () => {
    expect(wizardSteps('ab')).toEqual(['basics', 'audience', 'versions', 'metrics', 'review']);
    expect(wizardSteps('visual')).toEqual(['basics', 'audience', 'versions', 'page', 'editor', 'metrics', 'review']);
  });

  it('finds nothing wrong with a complete new experiment', () => {
    expect(validateDraft(valid())).toEqual([]);
  });
});

describe('basics step', () => {
  it('asks for a name and a key', () => {
    expect(paths({ ...valid(), name: '  ', key: '' }, 'basics')).toEqual(['name:input:name', 'key:input:key']);
  });

  it('refuses a key the protocol would refuse, a long hypothesis and an empty unit attribute', () => {
    const draft = { ...valid(), key: 'Checkout Button', hypothesis: 'x'.repeat(1001), unitAttribute: ' ' };
    expect(paths(draft, 'basics')).toEqual([
      'key:inputValid:key',
      'hypothesis:inputValid:hypothesis',
      'unitAttribute:input:unitAttribute',
    ]);
  });
});

describe('audience step', () => {
  it('accepts no conditions and the whole traffic', () => {
    expect(paths(valid(), 'audience')).toEqual([]);
  });

  it('refuses an unfinished condition, traffic out of range and a layer share of nothing', () => {
    const draft: ExperimentDraft = {
      ...valid(),
      conditions: [{ attribute: '', operator: 'eq', values: ['x'] }],
      traffic: 10_001,
      layer: 'checkout',
      layerSlots: 0,
    };
    expect(paths(draft, 'audience')).toEqual([
      'conditions:input:',
      'traffic:inputValid:traffic',
      'layerSlots:inputValid:layerSlots',
    ]);
    expect(validateStep('audience', draft)[0]?.condition).toMatchObject({ noun: 'attribute' });
  });

  it('refuses an operator the console does not know', () => {
    const draft: ExperimentDraft = { ...valid(), conditions: [{ attribute: 'plan', operator: 'near', values: ['x'] }] };
    expect(paths(draft, 'audience')).toEqual(['conditions:inputValid:conditions']);
  });

  it('ignores the layer share when the experiment is in no layer', () => {
    expect(paths({ ...valid(), layer: null, layerSlots: 0 }, 'audience')).toEqual([]);
  });
});

describe('versions step', () => {
  it('wants weights that add up to 100%', () => {
    const draft = valid();
    draft.versions = draft.versions.map((version) => ({ ...version, weight: 4000 }));
    expect(paths(draft, 'versions')).toEqual(['weights:inputValid:weights']);
  });

  it('wants a name and a unique, well-formed key for every version', () => {
    const draft = valid();
    draft.versions = [
      newVersion('Control', 'control', 3400, true),
      { ...newVersion('Blue', 'blue', 3300), key: 'control' },
      { ...newVersion('', 'red', 3300), key: 'Red!' },
    ];
    expect(paths(draft, 'versions')).toEqual([
      'versions.1.key:inputValid:versionKey',
      'versions.2.name:input:versionName',
      'versions.2.key:inputValid:versionKey',
    ]);
  });

  it('wants params to be a JSON object', () => {
    const draft = valid();
    draft.versions = draft.versions.map((version, index) =>
      index === 1 ? { ...version, params: '{"a": }' } : version,
    );
    expect(paths(draft, 'versions')).toEqual(['versions.1.params:inputValid:params']);
  });

  it('wants a control and at least one treatment', () => {
    const draft = valid();
    draft.versions = [newVersion('Control', 'control', 10_000, true)];
    expect(paths(draft, 'versions')).toEqual(['versions:inputValid:versions']);
    draft.versions = [newVersion('A', 'a', 5000), newVersion('B', 'b', 5000)];
    expect(paths(draft, 'versions')).toEqual(['versions:inputValid:versions']);
  });
});

describe('page step', () => {
  const visual = (url: string, openUrl = '', match: 'exact' | 'fuzzy' = 'exact'): ExperimentDraft => ({
    ...valid(),
    kind: 'visual',
    page: { url, match, openUrl },
  });

  it('asks for the page address of a visual experiment', () => {
    expect(paths(visual(''), 'page')).toEqual(['page.url:input:url']);
  });

  it('says "Url should be https protocol" for an address that is not https', () => {
    expect(paths(visual('http://shop.example/checkout'), 'page')).toEqual(['page.url:https:']);
    expect(paths(visual('shop.example'), 'page')).toEqual(['page.url:https:']);
    expect(paths(visual('http://localhost.shop.example/'), 'page')).toEqual(['page.url:https:']);
    expect(paths(visual('https://shop.example/*', 'http://shop.example/a', 'fuzzy'), 'page')).toEqual([
      'page.openUrl:https:',
    ]);
  });

  it('accepts http pages on this machine, which browsers treat as secure', () => {
    for (const url of [
      'http://localhost:4000/demo',
      'http://127.0.0.1:8080/',
      'http://[::1]/',
      'http://a.localhost/',
    ]) {
      expect(paths(visual(url), 'page'), url).toEqual([]);
    }
  });

  it('wants the page to open to be one address that the page URL matches', () => {
    expect(paths(visual('http://localhost:4000/demo*', 'http://localhost:4000/demo?key=k', 'fuzzy'), 'page')).toEqual(
      [],
    );
    expect(paths(visual('http://localhost:4000/demo*', 'http://localhost:4000/shop', 'fuzzy'), 'page')).toEqual([
      'page.openUrl:openUrlMatch:',
    ]);
    expect(paths(visual('http://localhost:4000/*', 'http://localhost:4000/*'), 'page')).toEqual([
      'page.openUrl:inputValid:openUrl',
    ]);
  });

  it('accepts an https address, and has nothing to check for an A/B experiment', () => {
    expect(paths(visual('https://shop.example/checkout'), 'page')).toEqual([]);
    expect(paths({ ...valid(), page: { url: 'http://x', match: 'exact', openUrl: '' } }, 'page')).toEqual([]);
  });
});

describe('metrics step', () => {
  it('lets an experiment go without metrics but not past the limits', () => {
    expect(paths(valid(), 'metrics')).toEqual([]);
    const primary = Array.from({ length: 21 }, (_, index) => `metric-${index}`);
    expect(paths({ ...valid(), metrics: { primary, secondary: [], guardrails: [] } }, 'metrics')).toEqual([
      'metrics:inputValid:metrics',
    ]);
  });
});

describe('the whole draft', () => {
  it('lists problems by step, in step order', () => {
    const draft: ExperimentDraft = {
      ...valid(),
      name: '',
      kind: 'visual',
      page: { url: 'http://x.example', match: 'exact', openUrl: '' },
    };
    expect(validateDraft(draft).map(({ step }) => step)).toEqual(['basics', 'page']);
  });
});
