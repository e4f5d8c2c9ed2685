import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { RolloutWeight } from '../utils/rollout';
import { RolloutSliders } from './rollout-sliders';

function Harness({ initial, onChange }: { initial: RolloutWeight[]; onChange: (weights: RolloutWeight[]) => void }) {
  const [weights, setWeights] = useState(initial);
  return (
    <RolloutSliders
      weights={weights}
      onChange={(next) => {
        setWeights(next);
        onChange(next);
      }}
    />
  );
}

const percentOf = (variant: string) => screen.getByLabelText(`Percent of ${variant}`) as HTMLInputElement;
const shown = (variants: string[]) => variants.map((variant) => Number(percentOf(variant).value));

describe('rollout sliders', () => {
  it('rebalance the other variants so the rollout stays at 100%', () => {
    const onChange = vi.fn<(weights: RolloutWeight[]) => void>();
    render(
      <Harness
        onChange={onChange}
        initial={[
          { variant: 'control', weight: 5000 },
          { variant: 'blue', weight: 2500 },
          { variant: 'green', weight: 2500 },
        ]}
      />,
    );
    fireEvent.change(percentOf('control'), { target: { value: '20' } });
    fireEvent.blur(percentOf('control'));
    expect(onChange.mock.lastCall?.[0]).toEqual([
      { variant: 'control', weight: 2000 },
      { variant: 'blue', weight: 4000 },
      { variant: 'green', weight: 4000 },
    ]);
    expect(shown(['control', 'blue', 'green'])).toEqual([20, 40, 40]);

    fireEvent.change(percentOf('green'), { target: { value: '33.33' } });
    fireEvent.blur(percentOf('green'));
    const weights = onChange.mock.lastCall?.[0] ?? [];
    expect(weights.reduce((sum, entry) => sum + entry.weight, 0)).toBe(10000);
    expect(weights.find((entry) => entry.variant === 'green')?.weight).toBe(3333);
  });

  it('moves the others with a slider too', () => {
    const onChange = vi.fn<(weights: RolloutWeight[]) => void>();
    render(
      <Harness
        onChange={onChange}
        initial={[
          { variant: 'on', weight: 5000 },
          { variant: 'off', weight: 5000 },
        ]}
      />,
    );
    const slider = screen.getByLabelText('Share of on');
    fireEvent.keyDown(slider, { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39 });
    expect(onChange.mock.lastCall?.[0]).toEqual([
      { variant: 'on', weight: 5100 },
      { variant: 'off', weight: 4900 },
    ]);
  });

  it('never change a share the person typed: only untouched variants absorb the rest, and the sum is shown', () => {
    const onChange = vi.fn<(weights: RolloutWeight[]) => void>();
    render(
      <Harness
        onChange={onChange}
        initial={[
          { variant: 'control', weight: 3334 },
          { variant: 'blue', weight: 3333 },
          { variant: 'green', weight: 3333 },
        ]}
      />,
    );
    const type = (variant: string, value: string) => {
      fireEvent.change(percentOf(variant), { target: { value } });
      fireEvent.blur(percentOf(variant));
    };
    type('control', '30');
    expect(shown(['control', 'blue', 'green'])).toEqual([30, 35, 35]);
    type('blue', '50');
    expect(shown(['control', 'blue', 'green'])).toEqual([30, 50, 20]);
    expect(screen.getByTestId('rollout-total').textContent).toBe('Total: 100%');

    // Every variant typed: nothing is rebalanced, the sum says what is wrong.
    type('green', '40');
    expect(shown(['control', 'blue', 'green'])).toEqual([30, 50, 40]);
    expect(screen.getByTestId('rollout-total').textContent).toContain('Total: 120%');
    expect(screen.getByTestId('rollout-total').textContent).toContain('must add up to 100%');
  });

  it('keeps a single variant at 100%, not movable', () => {
    render(<Harness onChange={vi.fn()} initial={[{ variant: 'on', weight: 10000 }]} />);
    expect(percentOf('on').disabled).toBe(true);
    expect(shown(['on'])).toEqual([100]);
  });
});
