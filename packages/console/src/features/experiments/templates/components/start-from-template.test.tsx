import type { Experiment } from '@tabula/protocol';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { meAs, project } from '../../../../testing/fixtures';
import { mockApi } from '../../../../testing/mock-api';
import { renderWithApp } from '../../../../testing/render';
import { ExperimentWizard } from '../../components/wizard/experiment-wizard';
import { experimentFixture, experimentsPathOf } from '../../fixtures';
import { checkoutLayer, templateFixture, templatesPathOf } from '../fixtures';
import { SaveTemplateModal } from './save-template-modal';

function renderWizard(initialTemplate?: ReturnType<typeof templateFixture>) {
  const onSaved = vi.fn();
  renderWithApp(
    <ExperimentWizard
      projectId={project.id}
      layers={[checkoutLayer]}
      segments={[]}
      onSaved={onSaved}
      initialTemplate={initialTemplate}
    />,
    { me: meAs('editor') },
  );
  return { onSaved };
}

function choose(testId: string, label: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('input') ?? select);
  const options = document.querySelectorAll(`.ant-select-item-option[title="${label}"]`);
  fireEvent.click(options[options.length - 1] as Element);
}

const created = experimentFixture({ status: 'draft', key: 'checkout-again' });
const postedBody = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.find((call) => call.method === 'POST' && call.path === experimentsPathOf())?.body;

describe('start from a template', () => {
  it('fills every step from the template picked, leaving out what the project no longer has', async () => {
    const template = templateFixture({ missing: { layer: null, segments: ['mobile'], metrics: ['bounce'] } });
    const { calls } = mockApi({
      [`GET ${templatesPathOf()}`]: { body: { templates: [template] } },
      [`POST ${experimentsPathOf()}`]: { status: 201, body: created },
    });
    const { onSaved } = renderWizard();
    await screen.findByTestId('template-select');
    await waitFor(() => expect(document.querySelector('.ant-select-disabled, .ant-select-loading')).toBeNull());
    choose('template-select', 'Checkout test');

    const applied = await screen.findByTestId('template-applied');
    expect(applied.textContent).toContain('Checkout test');
    expect(applied.textContent).toContain('mobile');
    expect(applied.textContent).toContain('bounce');

    fireEvent.change(screen.getByTestId('wizard-name'), { target: { value: 'Checkout again' } });
    fireEvent.click(screen.getByTestId('wizard-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(postedBody(calls)).toEqual({
      bandit: null,
      key: 'checkout-again',
      name: 'Checkout again',
      hypothesis: '',
      kind: 'ab',
      unitAttribute: 'deviceId',
      traffic: 5000,
      conditions: [{ attribute: 'plan', operator: 'in', values: ['pro'] }],
      segments: ['dutch'],
      layer: 'checkout',
      layerSlots: 2500,
      page: null,
      versions: [
        { key: 'control', name: 'Control', weight: 4000, isControl: true, params: {} },
        { key: 'one-page', name: 'One page', weight: 6000, isControl: false, params: {} },
      ],
      metrics: { primary: ['purchase'], secondary: ['revenue'], guardrails: [] },
      autoStop: true,
      plannedDays: 21,
      decisionRule: { ship: 'all_primaries_win', guardrails: 'none_regress' },
    });
  });

  it('opens filled from the template the address names, showing it on the metrics and review steps', async () => {
    mockApi({
      [`GET ${templatesPathOf()}`]: { body: { templates: [templateFixture()] } },
      [`GET /api/v1/projects/${project.id}/metrics`]: { body: { metrics: [], total: 0, nextOffset: null } },
    });
    renderWizard(templateFixture());
    expect(screen.getByTestId('template-applied').textContent).toContain('Checkout test');
    fireEvent.change(screen.getByTestId('wizard-name'), { target: { value: 'Checkout again' } });
    for (const step of ['audience', 'versions', 'metrics']) {
      fireEvent.click(screen.getByTestId('wizard-next'));
      await screen.findByTestId(`wizard-step-${step}`);
    }
    const days = (await screen.findByTestId('wizard-planned-days')) as HTMLInputElement;
    expect(days.value).toBe('21');
    expect(screen.getByTestId('wizard-auto-stop').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('wizard-next'));
    await screen.findByTestId('wizard-step-review');
    expect(screen.getByTestId('decision-rule').textContent).toBe(
      'Ship only when every primary metric wins · roll back when a guardrail gets worse',
    );
    expect(screen.getByText('21 days')).toBeTruthy();
  });
});

describe('save as template', () => {
  it('saves the experiment’s setup under the name and key given, and shows a refused key on its field', async () => {
    const experiment: Experiment = experimentFixture({ name: 'Checkout button' });
    let attempts = 0;
    const { calls } = mockApi({
      [`POST ${templatesPathOf()}`]: () =>
        ++attempts === 1
          ? {
              status: 409,
              body: { error: { code: 'conflict', message: 'This project already has an experiment template' } },
            }
          : { status: 201, body: templateFixture({ key: 'checkout-button', name: 'Checkout button' }) },
    });
    const onClose = vi.fn();
    renderWithApp(<SaveTemplateModal projectId={project.id} experiment={experiment} open onClose={onClose} />, {
      me: meAs('editor'),
    });
    expect((screen.getByTestId('template-key') as HTMLInputElement).value).toBe('checkout-button');
    fireEvent.click(screen.getByTestId('template-submit'));
    expect(await screen.findByText('This project already has an experiment template')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('template-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { name: 'Checkout button', key: 'checkout-button', description: '', fromExperiment: 'checkout-button' },
      { name: 'Checkout button', key: 'checkout-button', description: '', fromExperiment: 'checkout-button' },
    ]);
  });
});
