import type { Layer } from '@tabula/protocol';

/** Test data: a layer with a running and a paused experiment and a draft waiting for room. */
export function layerFixture(overrides: Partial<Layer> = {}): Layer {
  return {
    id: 'LayCheckout23456',
    key: 'checkout',
    name: 'Checkout',
    description: 'Experiments on the checkout page',
    slots: [
      { experiment: 'green-button', name: 'Green button', status: 'running', start: 0, end: 4000 },
      { experiment: 'short-form', name: 'Short form', status: 'paused', start: 6000, end: 8500 },
    ],
    free: [
      { start: 4000, end: 6000 },
      { start: 8500, end: 10_000 },
    ],
    experiments: ['free-shipping'],
    createdAt: '2025-01-09T10:00:00.000Z',
    updatedAt: '2025-01-09T10:00:00.000Z',
    ...overrides,
  };
}

export const layersPathOf = (projectId: string) => `/api/v1/projects/${projectId}/layers`;
