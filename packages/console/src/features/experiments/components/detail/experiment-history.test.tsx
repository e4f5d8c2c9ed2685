import type { AuditEntry } from '@tabula/protocol';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meAs, project } from '../../../../testing/fixtures';
import { mockApi } from '../../../../testing/mock-api';
import { renderWithApp } from '../../../../testing/render';
import { experimentFixture, experimentIds } from '../../fixtures';
import { ExperimentHistory } from './experiment-history';

const entry = (id: string, action: string, entityId: string, before: unknown, after: unknown): AuditEntry => ({
  id,
  at: '2025-01-10T10:00:00.000Z',
  actor: { kind: 'user', id: 'usrEditor2345678', name: 'Ada editor' },
  action,
  entityType: 'experiment',
  entityId,
  projectId: project.id,
  before,
  after,
});

describe('experiment history', () => {
  it("shows this experiment's entries only, with what an edit changed", async () => {
    const experiment = experimentFixture();
    const { calls } = mockApi({
      'GET /api/v1/audit': {
        body: {
          entries: [
            entry('3', 'experiment.updated', experimentIds.checkout, experiment, { ...experiment, traffic: 5000 }),
            entry('2', 'experiment.created', 'expOther23456789', null, { name: 'Other' }),
            entry('1', 'experiment.created', experimentIds.checkout, null, experiment),
          ],
          nextCursor: null,
        },
      },
    });
    renderWithApp(<ExperimentHistory projectId={project.id} experimentId={experimentIds.checkout} />, {
      me: meAs('viewer'),
    });
    const entries = await screen.findAllByTestId('history-entry');
    expect(entries.map((found) => found.textContent)).toEqual([
      expect.stringContaining('Ada editor edited the experiment'),
      expect.stringContaining('Ada editor created the experiment'),
    ]);
    expect(entries[0]?.textContent).toContain('traffic');
    expect(calls[0]?.search.get('entityType')).toBe('experiment');
    expect(calls[0]?.search.get('projectId')).toBe(project.id);
  });
});
