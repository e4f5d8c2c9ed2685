import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { StaleTag } from './stale-tag';

describe('potentially stale tag', () => {
  it('says why on hover', async () => {
    renderWithApp(<StaleTag stale={{ reason: 'fully_rolled_out', since: '2030-01-15T10:00:00.000Z' }} />);
    const tag = await screen.findByTestId('stale-tag-fully_rolled_out');
    expect(tag.textContent).toBe('Potentially stale');
    fireEvent.mouseEnter(tag);
    expect(await screen.findByText(/served one value in every environment since January 15, 2030/)).toBeTruthy();
  });

  it('tells a flag never evaluated apart', async () => {
    renderWithApp(<StaleTag stale={{ reason: 'not_evaluated', since: null }} />);
    fireEvent.mouseEnter(await screen.findByTestId('stale-tag-not_evaluated'));
    expect(await screen.findByText('No SDK has ever evaluated it.')).toBeTruthy();
  });

  it('shows nothing for a flag in use', async () => {
    renderWithApp(
      <div data-testid="cell">
        <StaleTag stale={null} />
      </div>,
    );
    expect((await screen.findByTestId('cell')).textContent).toBe('');
  });
});
