import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { environments, meAs } from '../../../testing/fixtures';
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

    const attribute = screen.getByTestId('test-attribute-0');
    fireEvent.change(within(attribute).getByLabelText('Attribute'), { target: { value: 'email' } });
    fireEvent.change(within(attribute).getByLabelText('Value'), { target: { value: 'ada@acme.test' } });

    const production = row('production');
    expect(within(production).getByText('Matched a rule')).toBeTruthy();
    expect(within(production).getByText('Rule 1')).toBeTruthy();
    expect(within(production).getByText('true')).toBeTruthy();
    expect(within(row('development')).getByText('false')).toBeTruthy();
  });
});
