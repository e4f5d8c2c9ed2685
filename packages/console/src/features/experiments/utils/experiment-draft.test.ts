import { describe, expect, it } from 'vitest';
import { experimentFixture } from '../fixtures';
import { changedFields, draftFromExperiment, newDraft, rebaseDraft, toCreateBody } from './experiment-draft';
import { reRandomisingChanges } from './re-randomise';

describe('the wizard draft', () => {
  it('starts with a control and a treatment at 50% each, for all traffic', () => {
    const draft = newDraft({ control: 'Control', treatment: 'Treatment' });
    expect(draft.versions.map(({ key, weight, isControl }) => ({ key, weight, isControl }))).toEqual([
      { key: 'control', weight: 5000, isControl: true },
      { key: 'treatment', weight: 5000, isControl: false },
    ]);
    expect(draft.traffic).toBe(10_000);
  });

  it('keeps the default version keys when the names are in another script', () => {
    const draft = newDraft({ control: '对照组', treatment: '实验组' });
    expect(draft.versions.map((version) => version.key)).toEqual(['control', 'treatment']);
  });

  it('becomes a create body with parsed params, and a page only for visual experiments', () => {
    const draft = { ...newDraft({ control: 'Control', treatment: 'Green' }), name: ' Checkout ', key: 'checkout' };
    draft.versions[1] = { ...draft.versions[1]!, params: '{"color": "green"}' };
    draft.page = { url: 'https://shop.example', match: 'fuzzy', openUrl: ' ' };
    const body = toCreateBody(draft);
    expect(body).toMatchObject({ key: 'checkout', kind: 'ab', name: 'Checkout', page: null });
    expect(body.versions?.[1]?.params).toEqual({ color: 'green' });
    // No page to open typed: the server opens the page URL itself.
    expect(toCreateBody({ ...draft, kind: 'visual' }).page).toEqual({
      url: 'https://shop.example',
      match: 'fuzzy',
      openUrl: null,
    });
    const named = { ...draft.page, url: 'http://localhost:4000/*', openUrl: 'http://localhost:4000/demo' };
    expect(toCreateBody({ ...draft, kind: 'visual', page: named }).page?.openUrl).toBe('http://localhost:4000/demo');
  });

  it('shows the page to open only when it is not the page URL itself', () => {
    const page = (url: string, openUrl: string | null) =>
      draftFromExperiment(experimentFixture({ kind: 'visual', page: { url, match: 'fuzzy', openUrl } })).page.openUrl;
    expect(page('https://shop.example/', 'https://shop.example/')).toBe('');
    expect(page('https://shop.example/*', null)).toBe('');
    expect(page('https://shop.example/*', 'https://shop.example/a')).toBe('https://shop.example/a');
  });

  it('changes nothing when nothing was edited', () => {
    const experiment = experimentFixture();
    expect(changedFields(experiment, draftFromExperiment(experiment))).toEqual({});
  });

  it('sends only what was edited', () => {
    const experiment = experimentFixture();
    const draft = { ...draftFromExperiment(experiment), name: 'Renamed', traffic: 5000 };
    expect(changedFields(experiment, draft)).toEqual({ name: 'Renamed', traffic: 5000 });
  });
});

describe('a draft whose experiment was saved elsewhere meanwhile', () => {
  const page = {
    url: 'https://shop.example/landing',
    match: 'exact' as const,
    openUrl: 'https://shop.example/landing',
  };
  const before = experimentFixture({ kind: 'visual', status: 'draft', page });
  // What the visual editor saves when it adds a version: three versions, the weights spread again.
  const after = experimentFixture({
    kind: 'visual',
    status: 'draft',
    page,
    versions: [
      { ...before.versions[0]!, weight: 3334 },
      { ...before.versions[1]!, weight: 3333 },
      { key: 'treatment-3', name: 'Treatment 3', weight: 3333, isControl: false, params: {} },
    ],
    updatedAt: '2025-01-11T10:00:00.000Z',
  });

  it('follows the newer save where people edited nothing', () => {
    const rebased = rebaseDraft(draftFromExperiment(before), before, after);
    expect(changedFields(after, rebased)).toEqual({});
    expect(rebased.versions.map((version) => version.key)).toEqual(['control', 'green', 'treatment-3']);
  });

  it('keeps what people edited in the wizard', () => {
    const draft = draftFromExperiment(before);
    const edited = { ...draft, name: 'Renamed', page: { ...draft.page, match: 'fuzzy' as const } };
    const rebased = rebaseDraft(edited, before, after);
    expect(changedFields(after, rebased)).toEqual({
      name: 'Renamed',
      page: { url: page.url, match: 'fuzzy', openUrl: null },
    });
    expect(rebased.versions).toHaveLength(3);
  });
});

describe('re-randomising', () => {
  const running = experimentFixture();
  type Draft = ReturnType<typeof draftFromExperiment>;
  const edit = (change: (draft: Draft) => Draft) =>
    reRandomisingChanges(running, changedFields(running, change(draftFromExperiment(running))));
  const editVersion = (draft: Draft, index: number, change: Partial<Draft['versions'][number]>): Draft => ({
    ...draft,
    versions: draft.versions.map((version, at) => (at === index ? { ...version, ...change } : version)),
  });

  it('is what changing traffic, weights, versions or the unit attribute of a running experiment does', () => {
    expect(edit((draft) => ({ ...draft, traffic: 2000 }))).toEqual(['traffic']);
    expect(edit((draft) => editVersion(editVersion(draft, 0, { weight: 3000 }), 1, { weight: 7000 }))).toEqual([
      'weights',
    ]);
    expect(edit((draft) => editVersion(draft, 1, { key: 'red' }))).toEqual(['versions']);
    expect(edit((draft) => ({ ...draft, unitAttribute: 'deviceId' }))).toEqual(['unitAttribute']);
  });

  it('is not what renaming a version or changing its params does', () => {
    expect(
      edit((draft) => ({
        ...editVersion(draft, 1, { name: 'Greener', params: '{"color": "lime"}' }),
        hypothesis: 'Lime sells more',
      })),
    ).toEqual([]);
  });

  it('does not concern a draft, which has assigned nobody yet', () => {
    const draft = experimentFixture({ status: 'draft' });
    expect(reRandomisingChanges(draft, { traffic: 1 })).toEqual([]);
  });
});
