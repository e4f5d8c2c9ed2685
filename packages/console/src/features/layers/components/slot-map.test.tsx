import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meAs } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { layerFixture } from '../fixtures';
import { SlotMap } from './slot-map';

const widthOf = (element: HTMLElement) => element.style.width;

describe('slot map', () => {
  it('draws each held range where it lies, with the experiment name, status and share', () => {
    renderWithApp(<SlotMap layer={layerFixture()} />, { me: meAs('viewer') });
    const green = screen.getByTestId('slot-green-button');
    expect(green.style.left).toBe('0%');
    expect(widthOf(green)).toBe('40%');
    expect(green.textContent).toBe('Green buttonRunning · 40%');
    const paused = screen.getByTestId('slot-short-form');
    expect(paused.style.left).toBe('60%');
    expect(paused.textContent).toBe('Short formPaused · 25%');
  });

  it('shows the gaps as free, and says it all to screen readers', () => {
    renderWithApp(<SlotMap layer={layerFixture()} />, { me: meAs('viewer') });
    const free = screen.getAllByTestId('slot-free');
    expect(free.map(widthOf)).toEqual(['20%', '15%']);
    expect(free.map((segment) => segment.textContent)).toEqual(['Free 20%', 'Free 15%']);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Green button (Running) 40%; Free 20%; Short form (Paused) 25%; Free 15%',
    );
  });

  it('is one free bar for an empty layer', () => {
    renderWithApp(<SlotMap layer={layerFixture({ slots: [], free: [{ start: 0, end: 10_000 }] })} />, {
      me: meAs('viewer'),
    });
    const bar = screen.getByTestId('slot-map-checkout');
    expect(within(bar).getAllByTestId('slot-free').map(widthOf)).toEqual(['100%']);
    expect(bar.textContent).toBe('Free 100%');
  });
});
