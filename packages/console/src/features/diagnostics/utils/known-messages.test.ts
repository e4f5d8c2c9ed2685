import { describe, expect, it } from 'vitest';
import { knownMessage } from './known-messages';

describe('known report messages', () => {
  it('are recognised, with their details apart', () => {
    expect(knownMessage('environment config abnormal, real business has failed (missing or invalid: x-env)')).toEqual({
      key: 'messages.envConfigAbnormal',
      details: '(missing or invalid: x-env)',
    });
    expect(knownMessage('invalid env tag, reset to gcp/test: "moon/base"')).toEqual({
      key: 'messages.invalidEnvTag',
      details: '"moon/base"',
    });
    expect(knownMessage('environment abnormal, cannot use devtool features')).toEqual({
      key: 'messages.devtoolUnavailable',
      details: '',
    });
    expect(knownMessage('TypeError: environment config abnormal')).toBeUndefined();
  });
});
