import { describe, expect, it } from 'vitest';
import { callPath, toApiCallReport } from './api-call';

describe('a failed call as reported', () => {
  it('keeps the first 500 characters of the body', () => {
    const report = toApiCallReport(
      { method: 'post', url: 'https://api.example/api/v1/x', status: 500, body: 'é'.repeat(600) },
      '/projects',
    );
    expect(report).toEqual({ method: 'POST', url: '/api/v1/x', status: 500, body: 'é'.repeat(500), page: '/projects' });
  });

  it('names the call without its ids, tokens or query, so one call makes one group', () => {
    expect(callPath('/api/v1/projects/prjDemo234567892/flags/checkout?environment=production')).toBe(
      '/api/v1/projects/:id/flags/checkout',
    );
    expect(callPath('https://api.example/api/v1/invitations/3nq8-kJx0_aQ9pLmZt7vWc2Yb5')).toBe(
      '/api/v1/invitations/:id',
    );
  });
});
