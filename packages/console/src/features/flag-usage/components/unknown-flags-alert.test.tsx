import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { UnknownFlagsAlert } from './unknown-flags-alert';

const path = `/api/v1/projects/${project.id}/unknown-flags`;
const unknown = (flagKey: string, environment: string) => ({
  environment,
  flagKey,
  evaluations: 1200,
  firstSeenAt: new Date().toISOString(),
  lastSeenAt: new Date().toISOString(),
});

describe('unknown flags', () => {
  it('says how many keys SDKs ask for that the project lacks, and lists them in a drawer', async () => {
    mockApi({
      [`GET ${path}`]: {
        body: {
          flags: [unknown('Checkout', 'production'), unknown('Checkout', 'development'), unknown('old', 'production')],
        },
      },
    });
    renderWithApp(<UnknownFlagsAlert projectId={project.id} />);
    expect(await screen.findByText('SDKs evaluate 2 flag keys this project does not have')).toBeTruthy();
    fireEvent.click(screen.getByTestId('unknown-flags-show'));
    const table = await screen.findByTestId('unknown-flags-table');
    expect(within(table).getAllByText('Checkout')).toHaveLength(2);
    expect(within(table).getByText('old')).toBeTruthy();
  });

  it('shows nothing while there are none', async () => {
    const { calls } = mockApi({ [`GET ${path}`]: { body: { flags: [] } } });
    renderWithApp(<UnknownFlagsAlert projectId={project.id} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('unknown-flags-alert')).toBeNull();
  });
});
