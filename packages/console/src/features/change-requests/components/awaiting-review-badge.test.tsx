import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeRequestsApiPath } from '../../../testing/change-requests';
import { meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { AwaitingReviewBadge } from './awaiting-review-badge';

describe('awaiting review badge', () => {
  it('counts the requests the member may review now', async () => {
    mockApi({ [`GET ${changeRequestsApiPath}`]: { body: { changeRequests: [], total: 0, awaitingYourReview: 3 } } });
    renderWithApp(<AwaitingReviewBadge projectId={project.id} />, { me: meAs('admin') });
    await waitFor(() => expect(screen.getByTestId('change-requests-badge').textContent).toBe('3'));
  });

  it('asks nothing outside a project', () => {
    const { calls } = mockApi({});
    renderWithApp(<AwaitingReviewBadge projectId={null} />, { me: meAs('admin') });
    expect(calls).toEqual([]);
  });
});
