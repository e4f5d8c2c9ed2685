import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { SdkInstancesCard } from './sdk-instances-card';

const instance = (instanceId: string, sdkVersion: string, outdated: boolean | null) => ({
  environment: 'production',
  instanceId,
  sdkName: 'tabula-js',
  sdkVersion,
  outdated,
  firstSeenAt: new Date().toISOString(),
  lastSeenAt: new Date().toISOString(),
});

describe('SDK instances', () => {
  it('lists each instance with its version, tagging outdated ones, and browsers together', async () => {
    mockApi({
      [`GET /api/v1/projects/${project.id}/sdk-instances`]: {
        body: {
          instances: [instance('server-1', '3.0.5', false), instance('', '2.4.0', true)],
          current: { 'tabula-js': ['3.0.5', '1.0.7'] },
        },
      },
    });
    renderWithApp(<SdkInstancesCard projectId={project.id} />);
    const server = (await screen.findByText('server-1')).closest('tr') as HTMLElement;
    expect(within(server).queryByTestId('sdk-outdated')).toBeNull();
    const browsers = screen.getByText('Browsers').closest('tr') as HTMLElement;
    expect(within(browsers).getByText('2.4.0')).toBeTruthy();
    expect(within(browsers).getByTestId('sdk-outdated').textContent).toBe('Outdated');
  });
});
