import { describe, expect, it } from 'vitest';
import {
  EDITION_FAMILY,
  ENV_TAGS,
  editionsByHostSchema,
  envTagApiHost,
  envTagOf,
  formatEnvTag,
  parseEnvTag,
} from '../src';

const hosts = { test: 'https://api-test.example', prod: 'https://api.example', sgProd: 'https://api-sg.example' };

describe('environment tags (spec §4)', () => {
  it.each([
    ['gcp/test', hosts.test],
    ['sg/test', hosts.test],
    ['gcp/prod', hosts.prod],
    ['sg/prod', hosts.sgProd],
  ])('%s selects its API host', (text, host) => {
    const tag = parseEnvTag(text);
    expect(tag).toBeDefined();
    expect(envTagApiHost(tag!, hosts)).toBe(host);
  });

  it('treats local like test', () => {
    expect(envTagOf('sg', 'local')).toEqual({ platform: 'sg', environment: 'test' });
    expect(envTagOf('gcp', 'prod')).toEqual({ platform: 'gcp', environment: 'prod' });
  });

  it('reads back what it writes, and nothing else', () => {
    for (const tag of ENV_TAGS) expect(parseEnvTag(formatEnvTag(tag))).toEqual(tag);
    for (const text of ['', 'gcp', 'gcp/local', 'aws/test', 'gcp/test/x', 'GCP/test', 'gcp-test']) {
      expect(parseEnvTag(text), text).toBeUndefined();
    }
  });
});

describe('editions (spec §1)', () => {
  it('select the tab, abc or mg family', () => {
    expect(EDITION_FAMILY).toEqual({
      international: 'abc',
      'mini-games': 'mg',
      'internal-tab': 'tab',
      'payment-tab': 'tab',
    });
  });

  it('are mapped from host names, lowercased', () => {
    expect(editionsByHostSchema.parse({ 'AB.Example.com': 'international', '127.0.0.1': 'mini-games' })).toEqual({
      'ab.example.com': 'international',
      '127.0.0.1': 'mini-games',
    });
    expect(editionsByHostSchema.safeParse({ 'ab.example.com': 'deluxe' }).success).toBe(false);
    expect(editionsByHostSchema.safeParse({ 'https://ab.example.com': 'international' }).success).toBe(false);
  });
});
