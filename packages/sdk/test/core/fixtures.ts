import type { PayloadExperiment, PayloadFlag, PayloadVersion, SdkPayload } from '@tabula/protocol';

export function payloadOf(parts: Partial<SdkPayload>): SdkPayload {
  return {
    format: 1,
    projectId: 'project',
    environment: 'production',
    revision: 'r1',
    generatedAt: '2026-01-01T00:00:00.000Z',
    segments: [],
    flags: [],
    experiments: [],
    ...parts,
  };
}

/** An enabled boolean-ish flag with variants on/off serving "off" by default. */
export function flagOf(parts: Partial<PayloadFlag> & { key: string }): PayloadFlag {
  return {
    type: 'string',
    variants: [
      { key: 'off', value: 'off-value' },
      { key: 'on', value: 'on-value' },
    ],
    defaultVariant: 'off',
    offVariant: 'off',
    enabled: true,
    rules: [],
    ...parts,
  };
}

export function versionOf(key: string, weight: number, params: PayloadVersion['params'] = {}): PayloadVersion {
  return { key, name: key, weight, isControl: key === 'control', params };
}

/** A running A/B experiment on `id`, everyone in, control/treatment 50/50. */
export function experimentOf(parts: Partial<PayloadExperiment> & { key: string }): PayloadExperiment {
  return {
    kind: 'ab',
    unitAttribute: 'id',
    traffic: 10_000,
    phase: 0,
    conditions: [],
    segments: [],
    layer: null,
    page: null,
    versions: [versionOf('control', 5_000, { color: 'blue' }), versionOf('treatment', 5_000, { color: 'green' })],
    ...parts,
  };
}

/** Records what onError hears. */
export function errorLog() {
  const errors: Error[] = [];
  return { errors, onError: (error: Error) => errors.push(error) };
}

export const units = (count: number, prefix = 'unit') => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
