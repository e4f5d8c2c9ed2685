import type { Experiment, Layer } from '@tabula/protocol';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { meAs, project } from '../../../../testing/fixtures';
import { unlabelledFields } from '../../../../testing/labelled-fields';
import { metricFixture } from '../../../../testing/metric-fixture';
import { mockApi } from '../../../../testing/mock-api';
import { renderWithApp } from '../../../../testing/render';
import { experimentFixture, experimentsPathOf } from '../../fixtures';
import { ExperimentWizard } from './experiment-wizard';

const checkoutLayer: Layer = {
  id: 'LayCheckout23456',
  key: 'checkout',
  name: 'Checkout',
  description: '',
  slots: [{ experiment: 'other', name: 'Other', status: 'running', start: 0, end: 6500 }],
  free: [{ start: 6500, end: 10_000 }],
  experiments: [],
  createdAt: '2025-01-09T10:00:00.000Z',
  updatedAt: '2025-01-09T10:00:00.000Z',
};

function renderWizard(saved?: Experiment, layers: Layer[] = []) {
  const onSaved = vi.fn();
  renderWithApp(
    <ExperimentWizard projectId={project.id} saved={saved} layers={layers} segments={[]} onSaved={onSaved} />,
    { me: meAs('editor') },
  );
  return { onSaved };
}

const next = () => fireEvent.click(screen.getByTestId('wizard-next'));
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const stepShown = (step: string) => screen.findByTestId(`wizard-step-${step}`);
const problem = (path: string) => screen.getByTestId(`problem-${path}`).textContent;

async function fillBasics(name = 'Green checkout button') {
  type('wizard-name', name);
  next();
  await stepShown('audience');
  next();
  await stepShown('versions');
}

describe('experiment wizard', () => {
  it('has the spec buttons: Prev Step, Next Step and Save', () => {
    mockApi({});
    renderWizard();
    expect(screen.getByTestId('wizard-prev').textContent).toBe('Prev Step');
    expect(screen.getByTestId('wizard-next').textContent).toBe('Next Step');
    expect(screen.getByTestId('wizard-save').textContent).toBe('Save');
    expect(screen.getByTestId('wizard-prev').hasAttribute('disabled')).toBe(true);
  });

  it('stays on a step until it is complete, saying what is missing', async () => {
    mockApi({});
    renderWizard();
    next();
    expect(await screen.findByTestId('problem-name')).toBeTruthy();
    expect(problem('name')).toBe('Please input name');
    expect(problem('key')).toBe('Please input key');
    expect(screen.getByTestId('wizard-step-basics')).toBeTruthy();

    type('wizard-name', 'Green checkout button');
    await waitFor(() => expect(screen.queryByTestId('problem-name')).toBeNull());
    next();
    await stepShown('audience');
    fireEvent.click(screen.getByTestId('wizard-prev'));
    await stepShown('basics');
  });

  it('derives the key from the name until the key is edited', async () => {
    mockApi({});
    renderWizard();
    type('wizard-name', 'Green Checkout Button');
    expect((screen.getByTestId('wizard-key') as HTMLInputElement).value).toBe('green-checkout-button');
    type('wizard-key', 'checkout-green');
    type('wizard-name', 'Something else');
    expect((screen.getByTestId('wizard-key') as HTMLInputElement).value).toBe('checkout-green');
  });

  it('keeps the control: its remove button is disabled and says why', async () => {
    mockApi({});
    renderWizard();
    await fillBasics();
    expect(screen.getByTestId('version-remove-0').hasAttribute('disabled')).toBe(true);
    fireEvent.mouseEnter(screen.getByTestId('control-locked'));
    expect(
      await screen.findByText('The control version is for experimental purposes and cannot be modified.'),
    ).toBeTruthy();
  });

  it('wants weights adding up to 100%, and splits them equally on request', async () => {
    mockApi({});
    renderWizard();
    await fillBasics();
    fireEvent.click(screen.getByTestId('version-add'));
    expect((screen.getByTestId('version-key-2') as HTMLInputElement).value).toBe('treatment-2');
    type('version-weight-0', '50');
    expect(screen.getByTestId('weights-total').textContent).toBe('Total: 116.66% (must be 100%)');

    next();
    expect(await screen.findByTestId('problem-weights')).toBeTruthy();
    expect(problem('weights')).toBe('Please input valid weights');
    expect(screen.getByTestId('wizard-step-versions')).toBeTruthy();

    fireEvent.click(screen.getByTestId('version-equal-split'));
    expect(screen.getByTestId('weights-total').textContent).toBe('Total: 100% (must be 100%)');
    next();
    await stepShown('metrics');
  });

  it("offers layers with their free space, and fits the share to the layer's room", async () => {
    mockApi({});
    renderWizard(undefined, [checkoutLayer]);
    type('wizard-name', 'Green checkout button');
    next();
    await stepShown('audience');
    fireEvent.mouseDown(screen.getByTestId('wizard-layer').querySelector('input') ?? document.body);
    fireEvent.click(await screen.findByText('Checkout · 35% free'));
    await waitFor(() => expect((screen.getByTestId('wizard-layer-slots') as HTMLInputElement).value).toBe('35.00'));
    expect(screen.getByTestId('wizard-layer-room').textContent).toBe('Free now: 35% (widest free range 35%)');

    type('wizard-layer-slots', '50');
    expect((await screen.findByTestId('wizard-layer-full')).textContent).toContain('room for at most 35% now');
  });

  it('refuses params that are not a JSON object', async () => {
    mockApi({});
    renderWizard();
    await fillBasics();
    type('version-params-1', '{"color": green}');
    next();
    expect(await screen.findByTestId('problem-versions.1.params')).toBeTruthy();
    expect(problem('versions.1.params')).toBe('Please input valid params');
  });

  it('asks a visual experiment for an https page: "Url should be https protocol"', async () => {
    mockApi({});
    renderWizard();
    fireEvent.click(screen.getByTestId('wizard-kind-visual'));
    await fillBasics();
    next();
    await stepShown('page');
    type('wizard-page-url', 'http://shop.example/checkout');
    next();
    expect(await screen.findByTestId('problem-page.url')).toBeTruthy();
    expect(problem('page.url')).toBe('Url should be https protocol');
    type('wizard-page-url', 'https://shop.example/checkout');
    next();
    await stepShown('editor');
  });

  it('takes an http page on this machine, and a page to open that its pattern matches', async () => {
    mockApi({});
    renderWizard();
    fireEvent.click(screen.getByTestId('wizard-kind-visual'));
    await fillBasics();
    next();
    await stepShown('page');
    type('wizard-page-url', 'http://localhost:4000/demo*');
    type('wizard-page-open-url', 'http://localhost:4000/shop');
    next();
    expect(await screen.findByTestId('problem-page.openUrl')).toBeTruthy();
    expect(problem('page.openUrl')).toBe('The page to open must match the page URL');
    type('wizard-page-open-url', 'http://localhost:4000/demo?key=tbc_k');
    next();
    await stepShown('editor');
  });

  it('lets people go on without metrics when the library has none', async () => {
    mockApi({});
    renderWizard();
    await fillBasics();
    next();
    expect(await screen.findByText('No metrics in the library yet')).toBeTruthy();
    next();
    expect(await screen.findByTestId('review-ready')).toBeTruthy();
  });

  it('offers the metric library, archived metrics only where already chosen', async () => {
    const metric = (key: string, name: string, archivedAt: string | null) => metricFixture({ key, name, archivedAt });
    const library = [
      metric('purchase', 'Purchase', null),
      metric('bounce', 'Old bounce rate', '2025-01-10T10:00:00.000Z'),
    ];
    const { calls } = mockApi({
      [`GET /api/v1/projects/${project.id}/metrics`]: { body: { metrics: library, total: 2, nextOffset: null } },
    });
    renderWizard();
    await fillBasics();
    next();
    const primary = await screen.findByTestId('wizard-metrics-primary');
    fireEvent.mouseDown(primary.querySelector('input') ?? primary);
    expect(await screen.findByText('Purchase')).toBeTruthy();
    expect(screen.queryByText('Old bounce rate')).toBeNull();
    expect(calls.find((call) => call.path.endsWith('/metrics'))?.search.get('status')).toBe('all');
  });

  it('saves a new experiment as a draft', async () => {
    const created = experimentFixture({ status: 'draft', key: 'green-checkout-button' });
    const { calls } = mockApi({ [`POST ${experimentsPathOf()}`]: { status: 201, body: created } });
    const { onSaved } = renderWizard();
    await fillBasics();
    type('version-params-1', '{"color": "green"}');
    fireEvent.click(screen.getByTestId('wizard-save'));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    const body = calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      key: 'green-checkout-button',
      name: 'Green checkout button',
      kind: 'ab',
      traffic: 10_000,
      layer: null,
      page: null,
      versions: [
        { key: 'control', name: 'Control', weight: 5000, isControl: true, params: {} },
        { key: 'treatment', name: 'Treatment', weight: 5000, isControl: false, params: { color: 'green' } },
      ],
    });
  });

  it('saves auto-stop, offered beside the guardrails even without a metric library', async () => {
    const created = experimentFixture({ status: 'draft', key: 'green-checkout-button', autoStop: true });
    const { calls } = mockApi({ [`POST ${experimentsPathOf()}`]: { status: 201, body: created } });
    const { onSaved } = renderWizard();
    await fillBasics();
    next();
    const autoStop = await screen.findByTestId('wizard-auto-stop');
    expect(autoStop.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(autoStop);
    fireEvent.click(screen.getByTestId('wizard-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ autoStop: true });
  });

  it('saves a bandit with its settings, the minimum weight typed in percent', async () => {
    const purchase = metricFixture({ key: 'purchase', name: 'Purchase', cuped: { enabled: false, lookbackDays: 14 } });
    const created = experimentFixture({ status: 'draft', key: 'green-checkout-button' });
    const { calls } = mockApi({
      [`GET /api/v1/projects/${project.id}/metrics`]: { body: { metrics: [purchase], total: 1, nextOffset: null } },
      [`POST ${experimentsPathOf()}`]: { status: 201, body: created },
    });
    const { onSaved } = renderWizard();
    await fillBasics();
    next();
    const bandit = await screen.findByTestId('wizard-bandit');
    expect(bandit.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByLabelText('Minimum weight per version (%)')).toBeNull();
    fireEvent.click(bandit);
    const floor = await screen.findByLabelText('Minimum weight per version (%)');
    fireEvent.change(floor, { target: { value: '2.5' } });
    fireEvent.click(screen.getByTestId('wizard-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      bandit: { scheduleMinutes: 60, burnInHours: 24, minWeight: 250 },
    });
  });

  it('goes to the first step with a problem instead of saving', async () => {
    const { calls } = mockApi({});
    renderWizard();
    await fillBasics();
    type('version-name-1', '');
    fireEvent.click(screen.getByTestId('wizard-prev'));
    fireEvent.click(screen.getByTestId('wizard-prev'));
    await stepShown('basics');
    fireEvent.click(screen.getByTestId('wizard-save'));
    expect(await stepShown('versions')).toBeTruthy();
    expect(problem('versions.1.name')).toBe('Please input version name');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('speaks the user language, spec prompts included', async () => {
    mockApi({});
    await i18next.changeLanguage('zh-CN');
    renderWizard();
    expect(screen.getByTestId('wizard-prev').textContent).toBe('上一步');
    expect(screen.getByTestId('wizard-next').textContent).toBe('下一步');
    // antd spaces out a two-character Chinese label ("保 存").
    expect(screen.getByTestId('wizard-save').textContent?.replace(/\s/g, '')).toBe('保存');
    next();
    expect(await screen.findByTestId('problem-name')).toBeTruthy();
    expect(problem('name')).toBe('请输入名称');
  });
});

describe('form labels', () => {
  it('binds every label to its field on every step', async () => {
    mockApi({});
    renderWizard(undefined, [checkoutLayer]);
    fireEvent.click(screen.getByTestId('wizard-kind-visual'));
    expect(unlabelledFields()).toEqual([]);
    type('wizard-name', 'Green checkout button');
    next();
    await stepShown('audience');
    fireEvent.mouseDown(screen.getByTestId('wizard-layer').querySelector('input') ?? document.body);
    fireEvent.click(await screen.findByText(/^Checkout/));
    await screen.findByTestId('wizard-layer-slots');
    expect(unlabelledFields()).toEqual([]);
    next();
    await stepShown('versions');
    expect(unlabelledFields()).toEqual([]);
    next();
    await stepShown('page');
    expect(unlabelledFields()).toEqual([]);
    type('wizard-page-url', 'https://shop.example/checkout');
    next();
    await stepShown('editor');
    expect(unlabelledFields()).toEqual([]);
    next();
    await stepShown('metrics');
    expect(unlabelledFields()).toEqual([]);
  });
});
