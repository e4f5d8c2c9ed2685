import { describe, expect, it } from 'vitest';
import { templateFixture } from '../fixtures';
import { settingsChange, settingsOf, setupDraft } from './template-setup';

describe('template setup', () => {
  it('gives back the settings the template keeps, unchanged', () => {
    const template = templateFixture();
    expect(settingsOf(setupDraft(template))).toEqual(template.settings);
  });

  it('sends the settings only once they differ from what the template keeps', () => {
    const initial = setupDraft(templateFixture());
    expect(settingsChange(initial, { ...initial, hypothesis: 'Not a setting' })).toEqual({});
    const [control, treatment] = initial.versions;
    const edited = { ...initial, traffic: 8000, versions: [{ ...control!, params: '{"a": 1}' }, treatment!] };
    expect(settingsChange(initial, edited)).toEqual({ settings: { ...templateFixture().settings, traffic: 8000 } });
  });

  it('leaves out what the project no longer has', () => {
    const template = templateFixture({ missing: { layer: 'checkout', segments: ['mobile'], metrics: ['bounce'] } });
    expect(settingsOf(setupDraft(template))).toMatchObject({
      layer: null,
      segments: ['dutch'],
      metrics: { primary: ['purchase'], secondary: ['revenue'], guardrails: [] },
    });
  });
});
