import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { environments, meAs } from '../../../testing/fixtures';
import { unlabelledFields } from '../../../testing/labelled-fields';
import { renderWithApp } from '../../../testing/render';
import { checkoutFlag } from '../testing/flag-fixtures';
import { TestUserPanel } from './test-user-panel';

const row = (environment: string) =>
  screen.getByTestId('test-results').querySelector(`tr[data-row-key="${environment}"]`) as HTMLElement;

describe('test a user', () => {
  it('evaluates the flag in every environment as the SDK would, naming the matched rule', () => {
    renderWithApp(<TestUserPanel flag={checkoutFlag()} environments={environments} segments={[]} experiments={[]} />, {
      me: meAs('viewer'),
    });
    expect(within(row('development')).getByText('Flag is off')).toBeTruthy();
    expect(within(row('production')).getByText('No rule matched: default variant')).toBeTruthy();
    expect(screen.getByTestId('test-misses-production').textContent).toContain(
      'Rule 1: email ends with @acme.test — the user has no email',
    );
    expect(screen.queryByTestId('test-misses-development')).toBeNull();

    const attribute = screen.getByTestId('test-attribute-0');
    fireEvent.change(within(attribute).getByLabelText('Attribute'), { target: { value: 'email' } });
    fireEvent.change(within(attribute).getByLabelText('Value'), { target: { value: 'ada@acme.test' } });

    const production = row('production');
    expect(within(production).getByText('Matched a rule')).toBeTruthy();
    expect(within(production).getByText('Rule 1')).toBeTruthy();
    expect(screen.queryByTestId('test-misses-production')).toBeNull();
    expect(within(production).getByText('true')).toBeTruthy();
    expect(within(row('development')).getByText('false')).toBeTruthy();
  });

  it('says what the user has that a rule did not accept', () => {
    renderWithApp(<TestUserPanel flag={checkoutFlag()} environments={environments} segments={[]} experiments={[]} />, {
      me: meAs('viewer'),
    });
    const attribute = screen.getByTestId('test-attribute-0');
    fireEvent.change(within(attribute).getByLabelText('Attribute'), { target: { value: 'email' } });
    fireEvent.change(within(attribute).getByLabelText('Value'), { target: { value: 'ada@example.com' } });
    expect(screen.getByTestId('test-misses-production').textContent).toContain(
      "Rule 1: email ends with @acme.test — the user's email is ada@example.com",
    );
  });
});

describe('form labels', () => {
  it('binds every label to its field', () => {
    renderWithApp(<TestUserPanel flag={checkoutFlag()} environments={environments} segments={[]} experiments={[]} />, {
      me: meAs('viewer'),
    });
    expect(unlabelledFields()).toEqual([]);
  });
});
