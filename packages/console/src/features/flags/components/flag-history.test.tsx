import type { AuditEntry } from '@tabula/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { environments, meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { checkoutFlag, environmentState, flagsApiPath } from '../testing/flag-fixtures';
import { FlagHistory } from './flag-history';

const flag = checkoutFlag();
const earlierRules = [
  {
    id: 'ruleBeta',
    conditions: [{ attribute: 'plan', operator: 'in', values: ['beta'] }],
    segments: [],
    serve: { kind: 'variant', variant: 'on' },
  },
];
const entries: AuditEntry[] = [
  {
    id: '12',
    at: '2025-01-15T10:00:00.000Z',
    actor: { kind: 'user', id: 'usrAda', name: 'Ada' },
    action: 'flag.environment_updated',
    entityType: 'flag',
    entityId: flag.id,
    projectId: project.id,
    before: { environment: 'production', enabled: false, rules: earlierRules },
    after: { environment: 'production', enabled: true, rules: flag.environments.production?.rules },
  },
  {
    id: '11',
    at: '2025-01-14T10:00:00.000Z',
    actor: { kind: 'user', id: 'usrAda', name: 'Ada' },
    action: 'flag.created',
    entityType: 'flag',
    entityId: flag.id,
    projectId: project.id,
    before: null,
    after: { key: flag.key },
  },
];

function renderHistory(role: 'editor' | 'viewer') {
  const api = mockApi({
    'GET /api/v1/audit': { body: { entries, nextCursor: null } },
    [`PUT ${flagsApiPath}/new-checkout/environments/production`]: { body: environmentState() },
  });
  renderWithApp(<FlagHistory projectId={project.id} flag={flag} environments={environments} />, { me: meAs(role) });
  return api;
}

describe('flag history', () => {
  it("asks the audit log for this flag's entries only", async () => {
    const { calls } = renderHistory('viewer');
    expect(await screen.findByText('Changed switch or rules')).toBeTruthy();
    expect(screen.getByText('Created the flag')).toBeTruthy();
    const query = calls[0]?.search;
    expect([query?.get('projectId'), query?.get('entityType'), query?.get('entityId')]).toEqual([
      project.id,
      'flag',
      flag.id,
    ]);
    expect(screen.queryByTestId('history-restore-12')).toBeNull();
  });

  it('puts the earlier rules and switch back after confirming', async () => {
    const { calls } = renderHistory('editor');
    const button = await screen.findByTestId('history-restore-12');
    expect(button.textContent).toBe('Restore as before: Off, rules: 1');
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Put Production back as it was before this change?');
    // Now on the left, what comes back on the right, both in words.
    const diff = within(dialog).getByTestId('history-restore-diff-12');
    const switchRow = within(diff).getByText('Switch').closest('tr') as HTMLElement;
    expect([...switchRow.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['Switch', 'On', 'Off']);
    expect(diff.textContent).toContain('If plan is one of beta, serve on');
    fireEvent.click(within(dialog).getByTestId('history-restore-confirm-12'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ enabled: false, rules: earlierRules });
    expect(screen.queryByTestId('history-restore-11')).toBeNull();
  });

  it('shows what changed in words: the switch, and rules as sentences without ids', async () => {
    renderHistory('viewer');
    const row = (await screen.findByText('Changed switch or rules')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button'));
    const diff = await screen.findByTestId('audit-diff-12');
    expect(within(diff).getByText('Switch')).toBeTruthy();
    expect(within(diff).getByText('If plan is one of beta, serve on')).toBeTruthy();
    expect(diff.textContent).not.toContain('ruleBeta');
  });
});
