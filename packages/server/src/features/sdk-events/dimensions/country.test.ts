import { describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY_HEADERS } from '../../../config';
import { countryFromHeaders } from './country';

describe('countryFromHeaders', () => {
  it('reads the first configured header the request has, in capitals', () => {
    expect(countryFromHeaders({ 'cloudfront-viewer-country': 'de' }, DEFAULT_COUNTRY_HEADERS)).toBe('DE');
    expect(countryFromHeaders({ 'x-geo': 'NL', 'cf-ipcountry': 'FR' }, ['x-geo', 'cf-ipcountry'])).toBe('NL');
    expect(countryFromHeaders({ 'x-geo': ['JP', 'US'] }, ['x-geo'])).toBe('JP');
  });

  it('takes no country from a header not configured, a placeholder or a value that is no two-letter code', () => {
    expect(countryFromHeaders({ 'cf-ipcountry': 'DE' }, ['x-geo'])).toBeNull();
    for (const value of ['XX', 'T1', 'ZZ', 'DEU', 'D', '4', '<script>', ' ']) {
      expect(countryFromHeaders({ 'cf-ipcountry': value }, DEFAULT_COUNTRY_HEADERS), value).toBeNull();
    }
  });
});
