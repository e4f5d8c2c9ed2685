import type { ChangeRequest } from '@tabula/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeRequest, changeRequestsApiPath } from '../../../testing/change-requests';
import { meAs, project } from '../../../testing/fixtures';
import { mockApi, type RecordedCall } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { ChangeRequestRoute } from './change-request';
import { ChangeRequestsRoute } from './change-requests';

const listUrl = `/projects/${project.id}/change-requests`;
const detailPage = { path: '/projects/:projectId/change-requests/:changeRequestId', element: <ChangeRequestRoute /> };
const list = (changeRequests: ChangeRequest[]) => ({
  body: { changeRequests, total: changeRequests.length, awaitingYourReview: 1 },
});

const rollout = changeRequest({
  id: 'crqStep234567892',
  number: 8,
  status: 'approved',
  changes: [
    {
      operation: {
        kind: 'flag.rollout',
        flag: 'new-checkout',
        environment: 'production',
        ruleId: 'ruleAll',
        variant: 'on',
        percentage: 50,
      },
      target: { kind: 'flag', key: 'new-checkout' },
      before: null,
      after: null,
    },
  ],
  approvals: [{ user: { id: 'usrAdmin23456789', name: 'Ada admin' }, at: '2025-01-15T11:00:00.000Z' }],
  scheduledAt: '2025-01-16T10:00:00.000Z',
  plan: { id: 'plan1', step: 2, steps: 3 },
});

describe('change requests list', () => {
  it('lists open requests with a summary of untitled ones, approvals, schedule and plan step', async () => {
    const { calls } = mockApi({ [`GET ${changeRequestsApiPath}`]: list([changeRequest(), rollout]) });
    renderWithApp(<ChangeRequestsRoute />, {
      me: meAs('admin'),
      path: '/projects/:projectId/change-requests',
      url: listUrl,
    });

    const first = await screen.findByTestId('change-request-7');
    expect(first.textContent).toBe('#7 Flag new-checkout in Production: switch');
    expect(screen.getByTestId('change-request-8').textContent).toBe(
      '#8 Roll out on of flag new-checkout to 50 % in Production',
    );
    expect(screen.getByTestId('change-request-7-approvals').textContent).toBe('0/1');
    expect(screen.getByTestId('change-request-8-approvals').textContent).toBe('1/1');
    expect(screen.getByTestId('change-request-8-step').textContent).toBe('Step 2 of 3');
    expect(calls[0]?.search.get('status')).toBe('open');
  });

  it('asks for another status when the filter changes, and keeps it in the address', async () => {
    const { calls } = mockApi({
      [`GET ${changeRequestsApiPath}`]: (call: RecordedCall) =>
        list(call.search.get('status') === 'applied' ? [changeRequest({ status: 'applied' })] : []),
    });
    const { router } = renderWithApp(<ChangeRequestsRoute />, {
      me: meAs('admin'),
      path: '/projects/:projectId/change-requests',
      url: listUrl,
    });
    await screen.findByText('No open change requests');

    fireEvent.mouseDown(within(screen.getByTestId('change-request-filter')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Applied'));

    await screen.findByTestId('change-request-7');
    expect(calls.at(-1)?.search.get('status')).toBe('applied');
    expect(router.state.location.search).toBe('?status=applied');
  });
});

describe('change request page', () => {
  const detailPath = `${changeRequestsApiPath}/crqSeven23456789`;
  const renderDetail = (request: ChangeRequest, role: 'admin' | 'editor' = 'admin', extra = {}) => {
    const api = mockApi({ [`GET ${detailPath}`]: { body: request }, ...extra });
    renderWithApp(<ChangeRequestRoute />, {
      me: meAs(role),
      path: detailPage.path,
      url: `${listUrl}/crqSeven23456789`,
    });
    return api;
  };

  it('shows each change as a titled line diff, and the approvals so far', async () => {
    renderDetail(changeRequest());
    expect((await screen.findByTestId('change-0-title')).textContent).toBe('Flag new-checkout in Production: switch');
    const diff = screen.getByTestId('change-0-diff');
    const removed = [...diff.querySelectorAll('[data-kind="removed"]')].map((line) => line.textContent);
    const added = [...diff.querySelectorAll('[data-kind="added"]')].map((line) => line.textContent);
    expect(removed).toEqual(['-   "enabled": false,']);
    expect(added).toEqual(['+   "enabled": true,']);
    expect(screen.getByTestId('change-request-approval-count').textContent).toBe('0 of 1 approvals');
    expect(screen.queryByTestId('change-request-approve')).toBeNull();
  });

  it('approves with an optional comment when the member may', async () => {
    const approved = changeRequest({ status: 'approved' });
    const { calls } = renderDetail(
      changeRequest({ can: { ...changeRequest().can, approve: true, reject: true } }),
      'admin',
      {
        [`POST ${detailPath}/approve`]: { body: approved },
      },
    );
    fireEvent.click(await screen.findByTestId('change-request-approve'));
    fireEvent.change(await screen.findByTestId('review-comment'), { target: { value: 'Looks right' } });
    fireEvent.click(screen.getByTestId('review-submit'));

    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.path).toBe(`${detailPath}/approve`));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ comment: 'Looks right' });
    expect(await screen.findByText('#7 approved')).toBeTruthy();
  });

  it('requires a reason to reject', async () => {
    const { calls } = renderDetail(changeRequest({ can: { ...changeRequest().can, reject: true } }), 'admin', {
      [`POST ${detailPath}/reject`]: { body: changeRequest({ status: 'rejected' }) },
    });
    fireEvent.click(await screen.findByTestId('change-request-reject'));
    fireEvent.click(await screen.findByTestId('review-submit'));
    expect(await screen.findByText('Please say why')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByTestId('review-comment'), { target: { value: 'Not before the sale' } });
    fireEvent.click(screen.getByTestId('review-submit'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ comment: 'Not before the sale' }),
    );
    expect(calls.find((call) => call.method === 'POST')?.path).toBe(`${detailPath}/reject`);
  });

  it('lets the author submit a draft and cancel it after confirming, and explains why they cannot approve', async () => {
    const draft = changeRequest({
      status: 'draft',
      can: { edit: true, submit: true, approve: false, reject: false, cancel: true },
    });
    const { calls } = renderDetail(draft, 'editor', {
      [`POST ${detailPath}/submit`]: { body: changeRequest({ can: { ...draft.can, submit: false } }) },
      [`POST ${detailPath}/cancel`]: { body: changeRequest({ status: 'cancelled' }) },
    });
    fireEvent.click(await screen.findByTestId('change-request-submit'));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.path).toBe(`${detailPath}/submit`));
    expect(calls.find((call) => call.method === 'POST')?.body).toBeUndefined();
    // Now in review, the author is told why no Approve button shows.
    expect(await screen.findByTestId('change-request-own-hint')).toBeTruthy();

    fireEvent.click(screen.getByTestId('change-request-cancel'));
    fireEvent.click(await screen.findByTestId('change-request-cancel-confirm'));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
        `${detailPath}/submit`,
        `${detailPath}/cancel`,
      ]),
    );
  });

  it('lets the author edit the title and clear the schedule', async () => {
    const mine = changeRequest({
      status: 'draft',
      scheduledAt: '2025-01-16T10:00:00.000Z',
      can: { edit: true, submit: true, approve: false, reject: false, cancel: true },
    });
    const { calls } = renderDetail(mine, 'editor', {
      [`PATCH ${detailPath}`]: { body: { ...mine, title: 'Launch checkout', scheduledAt: null } },
    });
    fireEvent.click(await screen.findByTestId('change-request-edit'));
    fireEvent.change(await screen.findByTestId('edit-change-request-title'), { target: { value: 'Launch checkout' } });
    const picker = screen.getByTestId('edit-change-request-at').closest('.ant-picker') as HTMLElement;
    fireEvent.mouseEnter(picker);
    const clear = picker.querySelector('.ant-picker-clear') as Element;
    fireEvent.mouseDown(clear);
    fireEvent.mouseUp(clear);
    fireEvent.click(clear);
    fireEvent.click(screen.getByTestId('edit-change-request-submit'));

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        title: 'Launch checkout',
        description: '',
        scheduledAt: null,
      }),
    );
    expect((await screen.findByTestId('change-request-title')).textContent).toContain('#7 Launch checkout');
  });

  it('posts a comment and shows it as plain text', async () => {
    const markup = '<b>not bold</b>';
    const { calls } = renderDetail(changeRequest(), 'admin', {
      [`POST ${detailPath}/comments`]: {
        body: changeRequest({
          comments: [
            {
              id: 'c1',
              author: { id: 'usrAdmin23456789', name: 'Ada admin' },
              body: markup,
              verdict: null,
              at: '2025-01-15T12:00:00.000Z',
            },
          ],
        }),
      },
    });
    fireEvent.change(await screen.findByTestId('comment-body'), { target: { value: markup } });
    fireEvent.click(screen.getByTestId('comment-submit'));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ body: markup }));
    const comment = await screen.findByTestId('comment-c1');
    expect(comment.textContent).toContain(markup);
    expect(comment.querySelector('b')).toBeNull();
  });

  it('shows a failure and how late a scheduled request ran', async () => {
    renderDetail(
      changeRequest({
        status: 'failed',
        failure: 'The rules of new-checkout in Production changed since this was asked for',
        scheduledAt: '2025-01-16T10:00:00.000Z',
        lateBySeconds: 600,
      }),
    );
    expect((await screen.findByTestId('change-request-failure')).textContent).toContain('changed since');
    expect(screen.getByTestId('change-request-late').textContent).toBe(' (ran 10 minutes late)');
  });
});
