import type { AuditEntry } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { restorableRules } from './restorable-rules';

const rules = [
  {
    id: 'ruleDe',
    conditions: [{ attribute: 'country', operator: 'in', values: ['de'] }],
    segments: [],
    serve: { kind: 'variant', variant: 'on' },
  },
];
const entry = (action: string, before: unknown): AuditEntry => ({
  id: '7',
  at: '2025-01-15T10:00:00.000Z',
  actor: { kind: 'user', id: 'usrAda', name: 'Ada' },
  action,
  entityType: 'flag',
  entityId: 'fgCheckout234567',
  projectId: 'prjDemo234567892',
  before,
  after: null,
});

describe('restorable rules', () => {
  it('are the switch and rules an environment had before a change', () => {
    expect(
      restorableRules(entry('flag.environment_updated', { environment: 'production', enabled: true, rules })),
    ).toEqual({ environment: 'production', body: { enabled: true, rules } });
  });

  it('exist only for changes of an environment', () => {
    expect(restorableRules(entry('flag.updated', { environment: 'production', enabled: true, rules }))).toBeNull();
    expect(restorableRules(entry('flag.environment_updated', null))).toBeNull();
    expect(restorableRules(entry('flag.environment_updated', { enabled: true, rules }))).toBeNull();
  });

  it('are refused when they could not be saved as they were', () => {
    const unknown = [{ ...rules[0], conditions: [{ attribute: 'ip', operator: 'cidr', values: ['10.0.0.0/8'] }] }];
    expect(
      restorableRules(entry('flag.environment_updated', { environment: 'production', enabled: true, rules: unknown })),
    ).toBeNull();
  });
});
