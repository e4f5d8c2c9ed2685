import type { AuditEntry } from '@tabula/protocol';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { AuditLogTable } from './audit-log-table';

const rollout = {
  id: 'rule8f3k2',
  conditions: [],
  segments: ['beta'],
  serve: {
    kind: 'rollout',
    weights: [
      { variant: 'on', weight: 2500 },
      { variant: 'off', weight: 7500 },
    ],
  },
};
const snapshot = { key: 'new-checkout', name: 'New checkout', environment: 'production' };
const entry: AuditEntry = {
  id: '21',
  at: '2025-01-15T10:00:00.000Z',
  actor: { kind: 'user', id: 'usrAda', name: 'Ada' },
  action: 'flag.environment_updated',
  entityType: 'flag',
  entityId: 'fgCheckout234567',
  projectId: project.id,
  before: { ...snapshot, enabled: true, rules: [] },
  after: { ...snapshot, enabled: true, rules: [rollout] },
};

describe('audit log table', () => {
  it('names the flag and the environment, and shows rules in words with weights in percent', async () => {
    mockApi({ 'GET /api/v1/audit': { body: { entries: [entry], nextCursor: null } } });
    renderWithApp(<AuditLogTable filters={{}} projectName={() => project.name} />, { me: meAs('owner') });
    const row = (await screen.findByText('switch or rules changed in production')).closest('tr') as HTMLElement;
    expect(within(row).getByText('New checkout')).toBeTruthy();
    expect(row.textContent).not.toContain('fgCheckout234567');
    fireEvent.click(within(row).getAllByRole('button')[0] as HTMLElement);
    const diff = await screen.findByTestId('audit-diff-21');
    expect(within(diff).getByText('If in segment beta, serve on 25%, off 75%')).toBeTruthy();
    expect(diff.textContent).not.toContain('rule8f3k2');
    expect(diff.textContent).not.toContain('2500');
  });
});
