import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditDiff } from './audit-diff';

describe('audit diff view', () => {
  it('lays lists and objects out over several lines, and keeps plain values inline', () => {
    const rules = [{ id: 'ruleDe', segments: ['beta'] }];
    render(<AuditDiff before={{ enabled: false, rules: [] }} after={{ enabled: true, rules }} testId="audit-diff-3" />);
    const diff = screen.getByTestId('audit-diff-3');
    const after = within(diff).getByText(/ruleDe/);
    expect(after.tagName).toBe('PRE');
    expect(after.textContent).toBe(JSON.stringify(rules, null, 2));
    expect(within(diff).getByText('true').tagName).toBe('CODE');
  });
});
