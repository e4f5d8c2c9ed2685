import type { Flag } from '@tabula/protocol';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { environments, meAs, project } from '../../../testing/fixtures';
import { unlabelledFields } from '../../../testing/labelled-fields';
import { type MockResponse, mockApi, type RecordedCall } from '../../../testing/mock-api';
import { createTestQueryClient, renderWithApp } from '../../../testing/render';
import { useFlag } from '../api/get-flag';
import { checkoutFlag, environmentState, flagsApiPath } from '../testing/flag-fixtures';
import { FlagEnvironmentPanel } from './flag-environment-panel';

const development = environments[0] as (typeof environments)[0];
const production = environments[1] as (typeof environments)[1];
const putPath = (environment: string) => `PUT ${flagsApiPath}/new-checkout/environments/${environment}`;
type MockHandler = MockResponse | ((call: RecordedCall) => MockResponse);

/** The panel as the flag page shows it: reading the flag from the query cache that saving updates. */
function Panel({ environment }: { environment: (typeof environments)[number] }) {
  const flag = useFlag(project.id, 'new-checkout');
  if (!flag.data) return null;
  return (
    <FlagEnvironmentPanel
      projectId={project.id}
      flag={flag.data}
      environment={environment}
      environments={environments}
      segments={[{ key: 'beta', name: 'Beta testers' }]}
      experiments={null}
    />
  );
}

/** The server saves what it is sent, giving new rules an id. */
const saveRules: MockHandler = (call) => ({
  body: environmentState({
    enabled: true,
    rules: ((call.body as { rules: Flag['environments'][string]['rules'] }).rules ?? []).map((rule, index) => ({
      ...rule,
      id: rule.id ?? `ruleNew${index}`,
    })),
  }),
});

function renderPanel({
  role = 'editor',
  put = saveRules,
  environment = production,
  protectedEnvironments = true,
}: {
  role?: 'editor' | 'viewer';
  put?: MockHandler;
  environment?: (typeof environments)[number];
  /** Whether the project grants this member changing protected environments such as production. */
  protectedEnvironments?: boolean;
} = {}) {
  const api = mockApi({
    [putPath(environment.key)]: put,
    [`POST ${flagsApiPath}/new-checkout/environments/copy`]: { body: environmentState() },
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.flag(project.id, 'new-checkout'), checkoutFlag());
  renderWithApp(<Panel environment={environment} />, {
    me: meAs(role),
    queryClient,
    projectAccess: { role, protectedEnvironments },
  });
  return api;
}

const rule = (index: number) => screen.getByTestId(`rule-${index}`);

describe('flag environment panel', () => {
  it('shows the rules, the default and off variants, and when SDKs last evaluated', () => {
    renderPanel();
    expect(within(rule(0)).getByDisplayValue('email')).toBeTruthy();
    expect(screen.getByText('On: serving by the rules below')).toBeTruthy();
    expect(screen.getByText('Default variant')).toBeTruthy();
    expect(screen.getByText('Anyone no rule matches gets the default variant off (false).')).toBeTruthy();
    expect(screen.queryByTestId('rules-production-unsaved')).toBeNull();
  });

  it('marks unsaved edits and discards them', () => {
    renderPanel();
    fireEvent.click(screen.getByTestId('rules-production-add'));
    expect(screen.getByTestId('rule-1')).toBeTruthy();
    expect(screen.getByTestId('rules-production-unsaved').textContent).toContain('Unsaved changes');
    fireEvent.click(screen.getByTestId('rules-production-discard'));
    expect(screen.queryByTestId('rule-1')).toBeNull();
    expect(screen.queryByTestId('rules-production-unsaved')).toBeNull();
  });

  it('keeps an unsaved draft over a reload, says so, and drops it when discarded', () => {
    renderPanel();
    fireEvent.click(screen.getByTestId('rule-0-duplicate'));
    expect(screen.queryByTestId('rules-production-restored')).toBeNull();
    cleanup();

    renderPanel();
    expect(screen.getByTestId('rule-1')).toBeTruthy();
    expect(screen.getByTestId('rules-production-restored').textContent).toContain(
      'Unsaved changes to the rules in Production from your last visit were restored.',
    );
    fireEvent.click(screen.getByTestId('rules-production-restored-discard'));
    expect(screen.queryByTestId('rule-1')).toBeNull();
    expect(screen.queryByTestId('rules-production-restored')).toBeNull();
    cleanup();

    renderPanel();
    expect(screen.queryByTestId('rule-1')).toBeNull();
    expect(screen.queryByTestId('rules-production-restored')).toBeNull();
  });

  it('forgets the kept draft once it is saved', async () => {
    const { calls } = renderPanel({ environment: development });
    fireEvent.click(screen.getByTestId('rules-development-add'));
    fireEvent.click(screen.getByTestId('rules-development-save'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('rules-development-unsaved')).toBeNull());
    cleanup();

    renderPanel({ environment: development });
    expect(screen.queryByTestId('rules-development-restored')).toBeNull();
  });

  it('saves every rule with one request, new ones without an id', async () => {
    const { calls } = renderPanel();
    fireEvent.click(screen.getByTestId('rule-0-duplicate'));
    fireEvent.click(within(rule(1)).getByText('Percentage rollout'));
    fireEvent.click(screen.getByTestId('rules-production-save'));

    // Production: nothing is sent before the person has seen, in words, what changes.
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Save these rules in Production?');
    const diff = within(dialog).getByTestId('rules-production-diff');
    expect(diff.textContent).toContain('Rule 2');
    expect(diff.textContent).toContain('serve on 50%, off 50%');
    expect(diff.textContent).not.toContain('Rule 1');
    expect(calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('rules-production-confirm'));

    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    const body = calls.find((call) => call.method === 'PUT')?.body as { rules: { id?: string; serve: unknown }[] };
    expect(body.rules).toHaveLength(2);
    expect(body.rules[0]?.id).toBe('ruleStaff');
    expect(body.rules[1]?.id).toBeUndefined();
    expect(body.rules[1]?.serve).toEqual({
      kind: 'rollout',
      weights: [
        { variant: 'on', weight: 5000 },
        { variant: 'off', weight: 5000 },
      ],
    });
    await waitFor(() => expect(screen.queryByTestId('rules-production-unsaved')).toBeNull());
    expect(screen.getByTestId('rule-1').textContent).not.toContain('(new)');
  });

  it('refuses to save an unfinished rule, saying which and why', async () => {
    const { calls } = renderPanel();
    fireEvent.click(screen.getByTestId('rules-production-add'));
    fireEvent.click(screen.getByTestId('rule-1-conditions-add'));
    fireEvent.click(screen.getByTestId('rules-production-save'));
    expect((await screen.findByTestId('rules-production-problem')).textContent).toBe('Rule 2: Please input attribute');
    expect(calls).toHaveLength(0);
  });

  it('copies saved rules to another environment only when nothing is unsaved, after confirming', async () => {
    const { calls } = renderPanel();
    fireEvent.click(screen.getByTestId('rules-production-add'));
    expect((screen.getByTestId('copy-rules-production') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('rules-production-discard'));

    fireEvent.click(screen.getByTestId('copy-rules-production'));
    fireEvent.click(await screen.findByText('Development'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Copy the rules of Production to Development?');
    fireEvent.click(within(dialog).getByTestId('copy-rules-confirm'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ from: 'production', to: 'development' });
  });

  it('keeps the edits and says why when the server refuses them', async () => {
    renderPanel({
      put: {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'There is no experiment "gone"',
            details: [{ path: 'rules.0.serve.experiment', message: 'There is no experiment "gone"' }],
          },
        },
      },
    });
    fireEvent.click(within(rule(0)).getByText("An experiment's version"));
    fireEvent.change(screen.getByTestId('rule-0-serve-experiment'), { target: { value: 'gone' } });
    fireEvent.click(screen.getByTestId('rules-production-save'));
    fireEvent.click(await screen.findByTestId('rules-production-confirm'));
    expect((await screen.findByTestId('server-error')).textContent).toContain('There is no experiment "gone"');
    expect(screen.getByTestId('rules-production-unsaved')).toBeTruthy();
    expect((screen.getByTestId('rule-0-serve-experiment') as HTMLInputElement).value).toBe('gone');
  });

  it('saves the rules of an environment that is not production without asking', async () => {
    const { calls } = renderPanel({ environment: development });
    fireEvent.click(screen.getByTestId('rules-development-add'));
    fireEvent.click(screen.getByTestId('rules-development-save'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps a protected environment read-only for an editor the project has not granted it, and says why', () => {
    renderPanel({ protectedEnvironments: false });
    expect(screen.getByTestId('environment-production-protected').textContent).toContain(
      'Production is protected: only admins and the members granted it may change it',
    );
    expect(screen.queryByTestId('rules-production-add')).toBeNull();
    const toggle = screen.getByTestId('flag-switch-new-checkout-production');
    expect(toggle.hasAttribute('disabled')).toBe(true);
  });

  it('lets the same editor change an unprotected environment', () => {
    renderPanel({ environment: development, protectedEnvironments: false });
    expect(screen.queryByTestId('environment-development-protected')).toBeNull();
    expect(screen.getByTestId('rules-development-add')).toBeTruthy();
  });

  it('is read-only for viewers', () => {
    renderPanel({ role: 'viewer' });
    expect(screen.queryByTestId('rules-production-add')).toBeNull();
    expect(screen.queryByTestId('rule-0-remove')).toBeNull();
    expect(screen.queryByTestId('copy-rules-production')).toBeNull();
    expect(screen.getByTestId('flag-switch-new-checkout-production').textContent).toBe('On');
  });
});

describe('form labels', () => {
  it('binds every label to its field, in the rules too', () => {
    renderPanel();
    fireEvent.click(screen.getByTestId('rules-production-add'));
    fireEvent.click(screen.getByTestId('rule-1-conditions-add'));
    expect(unlabelledFields()).toEqual([]);
    // The words beside each part of a rule name its fields.
    for (const part of ['If', 'In segments', 'Serve']) expect(within(rule(1)).getByLabelText(part)).toBeTruthy();
  });
});
