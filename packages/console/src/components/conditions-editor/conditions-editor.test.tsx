import type { Condition } from '@tabula/protocol';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConditionsEditor } from './conditions-editor';

function Harness({ initial, onChange }: { initial: Condition[]; onChange: (conditions: Condition[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ConditionsEditor
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function setup(initial: Condition[] = []) {
  const onChange = vi.fn<(conditions: Condition[]) => void>();
  render(<Harness initial={initial} onChange={onChange} />);
  const last = () => onChange.mock.lastCall?.[0];
  return { onChange, last };
}

function chooseOperator(row: HTMLElement, label: string) {
  const select = within(row).getByLabelText('Operator');
  fireEvent.mouseDown(select);
  const options = document.querySelectorAll(`.ant-select-item-option[title="${label}"]`);
  fireEvent.click(options[options.length - 1] as Element);
}

const row = (index: number) => screen.getByTestId(`condition-${index}`);
const values = (index: number) => within(row(index)).getByLabelText('Values') as HTMLInputElement;

describe('conditions editor', () => {
  it('adds a condition and types its attribute', () => {
    const { last } = setup();
    expect(screen.getByTestId('conditions-empty').textContent).toContain('everyone matches');
    fireEvent.click(screen.getByTestId('conditions-add'));
    fireEvent.change(within(row(0)).getByLabelText('Attribute'), { target: { value: 'country' } });
    expect(last()).toEqual([{ attribute: 'country', operator: 'in', values: [] }]);
    // An attribute without operands is unfinished: the row says what is missing.
    expect(screen.getByTestId('condition-0-error').textContent).toBe('Please input value');
  });

  it('takes a list of values for "is one of"', () => {
    const { last } = setup([{ attribute: 'country', operator: 'in', values: [] }]);
    const input = values(0);
    fireEvent.change(input, { target: { value: 'de' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(last()).toEqual([{ attribute: 'country', operator: 'in', values: ['de'] }]);
    expect(screen.queryByTestId('condition-0-error')).toBeNull();
  });

  it('types a number for the ordering operators, keeping a numeric operand', () => {
    const { last } = setup([{ attribute: 'age', operator: 'eq', values: ['18'] }]);
    chooseOperator(row(0), 'at least');
    expect(last()).toEqual([{ attribute: 'age', operator: 'gte', values: [18] }]);
    const input = values(0);
    expect(input.getAttribute('role')).toBe('spinbutton');
    fireEvent.change(input, { target: { value: '21' } });
    expect(last()).toEqual([{ attribute: 'age', operator: 'gte', values: [21] }]);
  });

  it('shows an error for a regular expression that does not compile', () => {
    setup([{ attribute: 'url', operator: 'matches', values: ['^/shop'] }]);
    expect(screen.queryByTestId('condition-0-error')).toBeNull();
    fireEvent.change(values(0), { target: { value: '^/shop(' } });
    expect(screen.getByTestId('condition-0-error').textContent).toBe('Please input valid regular expression');
    expect(values(0).closest('.ant-input-status-error')).not.toBeNull();
  });

  it('checks versions as semver', () => {
    const { last } = setup([{ attribute: 'version', operator: 'semver_gt', values: [] }]);
    fireEvent.change(values(0), { target: { value: 'two' } });
    expect(screen.getByTestId('condition-0-error').textContent).toBe('Please input valid version');
    fireEvent.change(values(0), { target: { value: '2.1.0' } });
    expect(screen.queryByTestId('condition-0-error')).toBeNull();
    expect(last()).toEqual([{ attribute: 'version', operator: 'semver_gt', values: ['2.1.0'] }]);
  });

  it('offers a date picker for before and after, showing the stored time', () => {
    setup([{ attribute: 'createdAt', operator: 'after', values: ['2025-03-01T12:00:00.000Z'] }]);
    const input = values(0);
    expect(input.closest('.ant-picker')).not.toBeNull();
    expect(input.value).toMatch(/^2025-03-01 \d\d:00:00$/);
  });

  it('asks for no operand for "is present" and negates with NOT', () => {
    const { last } = setup([{ attribute: 'email', operator: 'in', values: ['a@example.com'] }]);
    chooseOperator(row(0), 'is present');
    expect(within(row(0)).queryByLabelText('Values')).toBeNull();
    expect(within(row(0)).getByText('No value needed')).toBeTruthy();
    fireEvent.click(within(row(0)).getByLabelText('NOT'));
    expect(last()).toEqual([{ attribute: 'email', operator: 'exists', values: [], negate: true }]);
  });

  it('names every operator in the user language', () => {
    setup([{ attribute: 'a', operator: 'in', values: ['x'] }]);
    fireEvent.mouseDown(within(row(0)).getByLabelText('Operator'));
    const labels = [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);
    expect(labels).toContain('version later than');
    expect(labels).toContain('matches regex');
    expect(labels).toContain('is in (hashed)');
    expect(labels).toHaveLength(20);
  });

  it('keeps the list of "is in (hashed)" as typed and says the page gets only its hashes', () => {
    const { last } = setup([{ attribute: 'email', operator: 'in', values: ['a@example.com'] }]);
    expect(screen.queryByTestId('condition-0-hashed')).toBeNull();
    chooseOperator(row(0), 'is in (hashed)');
    expect(last()).toEqual([{ attribute: 'email', operator: 'in_hashed', values: ['a@example.com'] }]);
    expect(screen.getByTestId('condition-0-hashed').textContent).toContain('only SHA-256 hashes');
  });

  it('removes a condition', () => {
    const { last } = setup([
      { attribute: 'a', operator: 'in', values: ['x'] },
      { attribute: 'b', operator: 'in', values: ['y'] },
    ]);
    fireEvent.click(screen.getByTestId('condition-0-remove'));
    expect(last()).toEqual([{ attribute: 'b', operator: 'in', values: ['y'] }]);
  });

  it('is read-only when disabled', () => {
    render(<ConditionsEditor value={[{ attribute: 'a', operator: 'in', values: ['x'] }]} disabled />);
    expect(screen.queryByTestId('conditions-add')).toBeNull();
    expect(screen.queryByTestId('condition-0-remove')).toBeNull();
  });
});
