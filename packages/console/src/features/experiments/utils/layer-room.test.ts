import { describe, expect, it } from 'vitest';
import { layerRoom } from './layer-room';

describe('room in a layer', () => {
  it('adds up the free ranges and finds the widest', () => {
    expect(
      layerRoom({
        free: [
          { start: 0, end: 1000 },
          { start: 4000, end: 6500 },
        ],
      }),
    ).toEqual({ free: 3500, largest: 2500 });
  });

  it('is nothing in a full layer', () => {
    expect(layerRoom({ free: [] })).toEqual({ free: 0, largest: 0 });
  });
});
