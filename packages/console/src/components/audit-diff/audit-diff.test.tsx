import type { AuditEntry } from '@tabula/protocol';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditDiff } from './audit-diff';

const entry = (before: unknown, after: unknown): AuditEntry => ({
  id: '3',
  at: '2025-01-15T10:00:00.000Z',
  actor: { kind: 'user', id: null, name: 'Ada' },
  action: 'flag.environment_updated',
  entityType: 'flag',
  entityId: 'fgCheckout234567',
  projectId: null,
  before,
  after,
});

describe('audit diff view', () => {
  it('lays lists and objects out over several lines, and keeps plain values inline', () => {
    const rules = [{ id: 'ruleDe', segments: ['beta'] }];
    render(<AuditDiff entry={entry({ enabled: false, rules: [] }, { enabled: true, rules })} />);
    const diff = screen.getByTestId('audit-diff-3');
    const after = within(diff).getByText(/ruleDe/);
    expect(after.tagName).toBe('PRE');
    expect(after.textContent).toBe(JSON.stringify(rules, null, 2));
    expect(within(diff).getByText('true').tagName).toBe('CODE');
  });
});
