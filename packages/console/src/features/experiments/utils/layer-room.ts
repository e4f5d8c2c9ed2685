import type { Layer } from '@tabula/protocol';

export interface LayerRoom {
  /** Slots nobody holds. */
  free: number;
  /** The widest free range: an experiment reserves one range, so this is the most it can get now. */
  largest: number;
}

export function layerRoom(layer: Pick<Layer, 'free'>): LayerRoom {
  const widths = layer.free.map((range) => Math.max(0, range.end - range.start));
  return { free: widths.reduce((sum, width) => sum + width, 0), largest: Math.max(0, ...widths) };
}
