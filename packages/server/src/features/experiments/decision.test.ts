import { describe, expect, it } from 'vitest';
import { decide } from './decision';

const versions = [
  { key: 'control', isControl: true },
  { key: 'large', isControl: false },
];
const at = new Date('2026-03-01T12:00:00Z');
const body = { note: '', rollOut: false };

describe('stop decision', () => {
  it('records the version each outcome names', () => {
    expect(decide({ ...body, outcome: 'ship', version: 'large', note: 'won' }, versions, at)).toEqual({
      outcome: 'ship',
      version: 'large',
      note: 'won',
      decidedAt: '2026-03-01T12:00:00.000Z',
    });
    expect(decide({ ...body, outcome: 'rollback' }, versions, at).version).toBe('control');
    expect(decide({ ...body, outcome: 'rollback', version: 'control' }, versions, at).version).toBe('control');
    expect(decide({ ...body, outcome: 'inconclusive' }, versions, at).version).toBeNull();
  });

  it('refuses a decision that does not fit its outcome, naming the field', () => {
    const refused = (input: Parameters<typeof decide>[0]) => {
      try {
        decide(input, versions, at);
      } catch (error) {
        return (error as { details: { path: string; message: string }[] }).details[0];
      }
      throw new Error('accepted');
    };
    expect(refused({ ...body, outcome: 'ship' })).toEqual({
      path: 'version',
      message: 'Please input the version to ship',
    });
    expect(refused({ ...body, outcome: 'ship', version: 'huge' })?.message).toBe('There is no version "huge"');
    expect(refused({ ...body, outcome: 'rollback', version: 'large' })?.path).toBe('version');
    expect(refused({ ...body, outcome: 'inconclusive', version: 'large' })?.path).toBe('version');
    expect(refused({ ...body, outcome: 'inconclusive', rollOut: true })).toEqual({
      path: 'rollOut',
      message: 'An inconclusive decision has no version to roll out',
    });
  });
});
