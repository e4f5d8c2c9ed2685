import { describe, expect, it } from 'vitest';
import { apiBaseUrl } from './api-base';

describe('apiBaseUrl', () => {
  it('keeps same-origin paths when the selected host serves the page', () => {
    expect(apiBaseUrl('/api/v1', 'https://ab.example.com', 'https://ab.example.com')).toBe('/api/v1');
    expect(apiBaseUrl('/api/v1', 'https://ab.example.com/', 'https://ab.example.com')).toBe('/api/v1');
  });

  it('calls the host another tag selects', () => {
    expect(apiBaseUrl('/api/v1', 'https://api-sg.example.com', 'https://ab.example.com')).toBe(
      'https://api-sg.example.com/api/v1',
    );
  });

  it('stays on the page origin when the host is unreadable', () => {
    expect(apiBaseUrl('/api', 'not a url', 'https://ab.example.com')).toBe('/api');
  });
});
