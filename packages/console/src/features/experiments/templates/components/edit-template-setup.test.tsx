import type { ExperimentTemplate } from '@tabula/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meAs, project } from '../../../../testing/fixtures';
import { unlabelledFields } from '../../../../testing/labelled-fields';
import { metricFixture } from '../../../../testing/metric-fixture';
import { type MockResponse, mockApi, type RecordedCall } from '../../../../testing/mock-api';
import { renderWithApp } from '../../../../testing/render';
import { checkoutLayer, templateFixture, templatesPathOf } from '../fixtures';
import { TemplateList } from './template-list';

const segments = [
  { key: 'dutch', name: 'Dutch' },
  { key: 'mobile', name: 'Mobile' },
];
const library = [
  metricFixture({ key: 'purchase', name: 'Purchase' }),
  metricFixture({ key: 'revenue', name: 'Revenue' }),
  metricFixture({ key: 'bounce', name: 'Bounce' }),
  metricFixture({ key: 'signup', name: 'Signup' }),
];

/** The templates page with one template, its PATCH answered by `patch`; resolves once its editor is open. */
async function editTemplate(template: ExperimentTemplate, patch: (call: RecordedCall) => MockResponse) {
  const { calls } = mockApi({
    [`GET ${templatesPathOf()}`]: { body: { templates: [template] } },
    [`GET /api/v1/projects/${project.id}/metrics`]: { body: { metrics: library, total: 4, nextOffset: null } },
    [`PATCH ${templatesPathOf()}/${template.key}`]: patch,
  });
  renderWithApp(
    <TemplateList
      projectId={project.id}
      newExperimentHref={(key) => `/new?template=${key}`}
      layers={[checkoutLayer]}
      segments={segments}
    />,
    { me: meAs('editor') },
  );
  fireEvent.click(await screen.findByTestId(`edit-template-${template.key}`));
  await screen.findByTestId('template-setup');
  return { patches: () => calls.filter((call) => call.method === 'PATCH').map((call) => call.body) };
}

const saved = (call: RecordedCall): MockResponse => ({ body: { ...templateFixture(), ...(call.body as object) } });
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
/** A section's tab is named by its step, after a mark when it has problems. */
const sectionTab = (name: string, selected?: boolean) => screen.getByRole('tab', { name: new RegExp(name), selected });
const openSection = async (name: string) => {
  fireEvent.click(sectionTab(name));
  await waitFor(() => expect(sectionTab(name, true)).toBeTruthy());
};
const problem = (path: string) => screen.getByTestId(`problem-${path}`).textContent;

function choose(testId: string, label: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('input') ?? select);
  const options = document.querySelectorAll(`.ant-select-item-option[title="${label}"]`);
  fireEvent.click(options[options.length - 1] as Element);
}

describe('editing a template’s setup', () => {
  it('changes the audience, versions, metrics and plan in the wizard’s fields, and sends the whole setup', async () => {
    const { patches } = await editTemplate(templateFixture(), saved);

    fireEvent.change(screen.getByLabelText('Unit attribute'), { target: { value: 'userId' } });
    type('wizard-traffic', '80');

    await openSection('Versions');
    expect(screen.queryByTestId('version-params-0')).toBeNull();
    type('version-name-1', 'Single page');
    type('version-key-1', 'single-page');
    fireEvent.click(screen.getByTestId('version-add'));
    fireEvent.click(screen.getByTestId('version-make-control-2'));
    fireEvent.click(screen.getByTestId('version-remove-0'));
    type('version-weight-0', '30');
    type('version-weight-1', '70');
    expect(screen.getByTestId('weights-total').textContent).toBe('Total: 100% (must be 100%)');

    await openSection('Metrics');
    await screen.findByTestId('wizard-metrics-primary');
    choose('wizard-metrics-primary', 'Signup');
    const guardrails = within(screen.getByTestId('wizard-metrics-guardrails'));
    fireEvent.click(guardrails.getByLabelText('close'));
    type('wizard-planned-days', '28');
    fireEvent.click(screen.getByTestId('wizard-auto-stop'));

    fireEvent.click(screen.getByTestId('template-submit'));
    expect(await screen.findByText('Template "Checkout test" saved')).toBeTruthy();
    expect(patches()).toEqual([
      {
        name: 'Checkout test',
        description: 'Two weeks on half the shop',
        settings: {
          kind: 'ab',
          unitAttribute: 'userId',
          traffic: 8000,
          conditions: [{ attribute: 'plan', operator: 'in', values: ['pro'] }],
          segments: ['dutch', 'mobile'],
          layer: 'checkout',
          layerSlots: 2500,
          versions: [
            { key: 'single-page', name: 'Single page', weight: 3000, isControl: false },
            { key: 'treatment-2', name: 'Treatment 2', weight: 7000, isControl: true },
          ],
          metrics: { primary: ['purchase', 'signup'], secondary: ['revenue'], guardrails: [] },
          autoStop: false,
          plannedDays: 28,
          decisionRule: { ship: 'all_primaries_win', guardrails: 'none_regress' },
        },
      },
    ]);
  });

  it('refuses weights that do not add up to 100% before asking the server, at the versions', async () => {
    const { patches } = await editTemplate(templateFixture(), saved);
    await openSection('Versions');
    type('version-weight-0', '30');
    await openSection('Audience');

    fireEvent.click(screen.getByTestId('template-submit'));
    await waitFor(() => expect(sectionTab('Versions', true)).toBeTruthy());
    expect(problem('weights')).toBe('Please input valid weights');
    expect(screen.getByTestId('setup-problems-versions')).toBeTruthy();
    expect(patches()).toEqual([]);

    fireEvent.click(screen.getByTestId('version-equal-split'));
    fireEvent.click(screen.getByTestId('template-submit'));
    expect(await screen.findByText('Template "Checkout test" saved')).toBeTruthy();
    expect(patches()).toMatchObject([
      {
        settings: {
          versions: [
            { key: 'control', weight: 5000 },
            { key: 'one-page', weight: 5000 },
          ],
        },
      },
    ]);
  });

  it('shows what the server refuses on the setup’s fields, none on the template’s own', async () => {
    const refused: MockResponse = {
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Invalid request: settings.versions.1.key: Version "control" appears twice',
          details: [
            { path: 'settings.versions.1.key', message: 'Version "control" appears twice' },
            { path: 'settings.metrics', message: 'There is no metric "revenue"' },
          ],
        },
      },
    };
    const { patches } = await editTemplate(templateFixture(), () => refused);
    type('wizard-traffic', '80');
    fireEvent.click(screen.getByTestId('template-submit'));

    await waitFor(() => expect(patches()).toHaveLength(1));
    await waitFor(() => expect(sectionTab('Versions', true)).toBeTruthy());
    expect(problem('versions.1.key')).toBe('Version "control" appears twice');
    expect(screen.getByTestId('setup-problems-metrics')).toBeTruthy();
    await openSection('Metrics');
    await screen.findByTestId('wizard-metrics-primary');
    expect(problem('metrics')).toBe('There is no metric "revenue"');
    expect(screen.queryByTestId('server-error')).toBeNull();
    expect(document.querySelector('.ant-form-item-has-error [data-testid="template-key"]')).toBeNull();
    expect(screen.getByTestId('template-setup')).toBeTruthy();
  });

  it('says what the project no longer has, and leaves the setup alone when only renamed', async () => {
    const template = templateFixture({ missing: { layer: null, segments: [], metrics: ['bounce'] } });
    const { patches } = await editTemplate(template, saved);
    expect(screen.getByTestId('template-setup-missing').textContent).toContain('bounce');
    type('template-name', 'Checkout, three weeks');
    fireEvent.click(screen.getByTestId('template-submit'));
    expect(await screen.findByText('Template "Checkout, three weeks" saved')).toBeTruthy();
    expect(patches()).toEqual([{ name: 'Checkout, three weeks', description: 'Two weeks on half the shop' }]);
  });

  it('binds every label to its field in every section', async () => {
    await editTemplate(templateFixture(), saved);
    expect(unlabelledFields()).toEqual([]);
    for (const section of ['Versions', 'Metrics']) {
      await openSection(section);
      await screen.findByTestId(section === 'Versions' ? 'version-0' : 'wizard-metrics-primary');
      expect(unlabelledFields()).toEqual([]);
    }
  });
});
