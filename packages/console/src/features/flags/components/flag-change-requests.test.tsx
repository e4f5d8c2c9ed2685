import type { CreateRolloutPlanBody } from '@tabula/protocol';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { changeRequest, changeRequestsApiPath } from '../../../testing/change-requests';
import { environments, meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { checkoutFlag, flagsApiPath } from '../testing/flag-fixtures';
import { FlagChangeRequestsBanner } from './flag-change-requests-banner';
import { FlagEnvironmentPanel } from './flag-environment-panel';
import { FlagEnvironmentSwitch } from './flag-environment-switch';
import { RolloutPlanModal } from './rollout-plan-modal';

const production = { ...(environments[1] as (typeof environments)[1]), requiredApprovals: 1 };
const editor = { me: meAs('editor'), projectAccess: { role: 'editor' as const, protectedEnvironments: false } };

describe('changes that need approval', () => {
  it('lets an editor without the grant ask for a change where approvals are required, and says where it went', async () => {
    const draft = changeRequest({ status: 'draft', number: 12 });
    const { calls } = mockApi({
      [`PUT ${flagsApiPath}/new-checkout/environments/production`]: { status: 202, body: { changeRequest: draft } },
    });
    const { router } = renderWithApp(
      <FlagEnvironmentSwitch projectId={project.id} flagKey="new-checkout" environment={production} enabled={false} />,
      { ...editor, routes: [{ path: '/projects/:projectId/change-requests/:id', element: <p>request page</p> }] },
    );
    const toggle = screen.getByTestId('flag-switch-new-checkout-production');
    expect(toggle.hasAttribute('disabled')).toBe(false);
    fireEvent.click(toggle);
    fireEvent.click(await screen.findByTestId('flag-switch-confirm'));

    expect(await screen.findByText(/added to draft change request #12/)).toBeTruthy();
    expect(calls[0]?.body).toEqual({ enabled: true });
    expect(screen.queryByText('Turned on in Production')).toBeNull();
    fireEvent.click(screen.getByTestId('diverted-open'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/projects/${project.id}/change-requests/${draft.id}`),
    );
  });

  it('keeps the switch read-only without the grant where a protected environment needs no approval', () => {
    mockApi({});
    renderWithApp(
      <FlagEnvironmentSwitch
        projectId={project.id}
        flagKey="new-checkout"
        environment={{ ...production, requiredApprovals: 0 }}
        enabled={false}
      />,
      editor,
    );
    expect(screen.getByTestId('flag-switch-new-checkout-production').hasAttribute('disabled')).toBe(true);
  });

  it("lists the flag's open change requests with links to them", async () => {
    const { calls } = mockApi({
      [`GET ${changeRequestsApiPath}`]: {
        body: {
          changeRequests: [changeRequest({ title: 'Launch checkout', scheduledAt: '2025-01-16T09:00:00.000Z' })],
          total: 1,
          awaitingYourReview: 0,
        },
      },
    });
    renderWithApp(<FlagChangeRequestsBanner projectId={project.id} flagKey="new-checkout" />, editor);
    const link = await screen.findByTestId('flag-change-request-7');
    expect(link.textContent).toBe('#7 Launch checkout');
    expect(link.getAttribute('href')).toBe(`/projects/${project.id}/change-requests/crqSeven23456789`);
    expect(screen.getByTestId('flag-change-requests').textContent).toContain('In review');
    expect(Object.fromEntries(calls[0]?.search ?? [])).toEqual({ status: 'open', flag: 'new-checkout' });
  });
});

describe('gradual rollout plan', () => {
  it('posts the variant, a new rule for everyone and the three default steps', async () => {
    const { calls } = mockApi({
      [`POST ${changeRequestsApiPath}/rollout-plan`]: {
        status: 201,
        body: { changeRequests: [changeRequest(), changeRequest(), changeRequest()] },
      },
    });
    const closed: boolean[] = [];
    const before = dayjs();
    renderWithApp(
      <RolloutPlanModal
        projectId={project.id}
        flag={checkoutFlag()}
        environment={production}
        open
        onClose={() => closed.push(true)}
      />,
      editor,
    );
    fireEvent.click(await screen.findByTestId('rollout-plan-submit'));
    await waitFor(() => expect(closed).toEqual([true]));

    const body = calls[0]?.body as CreateRolloutPlanBody;
    expect(body).toMatchObject({ flag: 'new-checkout', environment: 'production', variant: 'on', title: '' });
    expect(body).not.toHaveProperty('ruleId');
    expect(body.steps.map((step) => step.percentage)).toEqual([10, 50, 100]);
    const hoursAhead = body.steps.map((step) => Math.round(dayjs(step.at).diff(before, 'hour', true)));
    expect(hoursAhead).toEqual([1, 24, 48]);
    expect(await screen.findByText('3 steps planned in Production')).toBeTruthy();
  });
});

describe('scheduling a flag change', () => {
  it('schedules turning the flag on as one flag.environment change at the chosen time', async () => {
    const { calls } = mockApi({
      [`POST ${changeRequestsApiPath}`]: { status: 201, body: changeRequest({ number: 9, status: 'approved' }) },
    });
    const development = environments[0] as (typeof environments)[0];
    renderWithApp(
      <FlagEnvironmentPanel
        projectId={project.id}
        flag={checkoutFlag()}
        environment={development}
        environments={environments}
        segments={[]}
        experiments={null}
      />,
      editor,
    );
    fireEvent.click(screen.getByTestId('schedule-development'));
    fireEvent.click(await screen.findByTestId('schedule-submit'));

    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const body = calls[0]?.body as { operations: unknown; scheduledAt: string; title: string };
    expect(body.operations).toEqual([
      { kind: 'flag.environment', flag: 'new-checkout', environment: 'development', change: { enabled: true } },
    ]);
    expect(dayjs(body.scheduledAt).isAfter(dayjs())).toBe(true);
    expect(await screen.findByText(/Change request #9 runs/)).toBeTruthy();
  });
});
