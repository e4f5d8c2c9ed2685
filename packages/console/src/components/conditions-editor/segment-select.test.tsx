import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SegmentSelect } from './segment-select';

describe('segment select', () => {
  it('picks saved segments by key, showing their names', () => {
    const onChange = vi.fn();
    render(
      <SegmentSelect
        value={['beta']}
        onChange={onChange}
        segments={[
          { key: 'beta', name: 'Beta testers' },
          { key: 'staff', name: 'Staff' },
        ]}
      />,
    );
    expect(screen.getByText('Beta testers (beta)')).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('Segments'));
    fireEvent.click(screen.getByTestId('segment-select-option-staff'));
    expect(onChange).toHaveBeenLastCalledWith(['beta', 'staff']);
  });
});
