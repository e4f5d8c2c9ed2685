import { describe, expect, it } from 'vitest';
import type { RumEndpoint } from './queue';
import { createReporter } from './reporter';

function recordingQueue() {
  const added: { endpoint: RumEndpoint; report: unknown; fingerprint?: string }[] = [];
  return {
    added,
    add: (endpoint: RumEndpoint, report: unknown, fingerprint?: string) =>
      added.push({ endpoint, report, fingerprint }),
  };
}

describe('reporter (spec §7, §8)', () => {
  it('files errors and rejections under collect, on the current page', () => {
    const queue = recordingQueue();
    const reporter = createReporter(queue);
    reporter.setPage('/projects/:projectId/flags');
    reporter.error('error', 'TypeError: x is undefined', 'at f (a.js:1:1)');
    reporter.error('rejection', 'Network down');
    expect(queue.added).toEqual([
      {
        endpoint: 'collect',
        report: {
          kind: 'error',
          message: 'TypeError: x is undefined',
          stack: 'at f (a.js:1:1)',
          page: '/projects/:projectId/flags',
        },
        fingerprint: 'error|TypeError: x is undefined',
      },
      {
        endpoint: 'collect',
        report: { kind: 'rejection', message: 'Network down', stack: null, page: '/projects/:projectId/flags' },
        fingerprint: 'rejection|Network down',
      },
    ]);
  });

  it('leaves out the ignored errors', () => {
    const queue = recordingQueue();
    const reporter = createReporter(queue);
    for (const message of ['ResizeObserver loop limit exceeded', 'Promise was canceled', 'Unable to preload CSS']) {
      reporter.error('error', message);
    }
    expect(queue.added).toEqual([]);
  });

  it('trims what would not fit the server’s limits', () => {
    const queue = recordingQueue();
    createReporter(queue).error('error', 'm'.repeat(5000), 's'.repeat(5000));
    const { report } = queue.added[0]! as { report: { message: string; stack: string } };
    expect(report.message).toHaveLength(1000);
    expect(report.stack).toHaveLength(2000);
  });

  it('files failed calls under whitelist with their body excerpt, and nothing for successes or 401s', () => {
    const queue = recordingQueue();
    const reporter = createReporter(queue);
    reporter.call({ method: 'GET', url: '/api/v1/projects', status: 200, body: '{"projects":[]}' });
    reporter.call({ method: 'GET', url: '/api/v1/auth/me', status: 401, body: '' });
    reporter.call({ method: 'PATCH', url: '/api/v1/projects/prjDemo234567892', status: 500, body: 'x'.repeat(800) });
    expect(queue.added).toEqual([
      {
        endpoint: 'whitelist',
        report: { method: 'PATCH', url: '/api/v1/projects/:id', status: 500, body: 'x'.repeat(500), page: '/' },
        fingerprint: 'PATCH /api/v1/projects/:id 500',
      },
    ]);
  });

  it('rates vitals by the spec’s thresholds and files them under speed', () => {
    const queue = recordingQueue();
    const reporter = createReporter(queue);
    reporter.vital('FCP', 1800);
    reporter.vital('LCP', 3000);
    reporter.vital('CLS', 0.3);
    reporter.vital('FID', 120);
    reporter.vital('INP', Number.NaN);
    expect(queue.added.map(({ endpoint, report }) => [endpoint, report])).toEqual([
      ['speed', { name: 'FCP', value: 1800, rating: 'good', page: '/' }],
      ['speed', { name: 'LCP', value: 3000, rating: 'needs-improvement', page: '/' }],
      ['speed', { name: 'CLS', value: 0.3, rating: 'poor', page: '/' }],
      ['speed', { name: 'FID', value: 120, rating: 'needs-improvement', page: '/' }],
    ]);
  });

  it('never throws into the console', () => {
    const reporter = createReporter({
      add: () => {
        throw new Error('storage full');
      },
    });
    expect(() => reporter.error('error', 'boom')).not.toThrow();
    expect(() => reporter.call({ method: 'GET', url: 'http://[', status: 500, body: '' })).not.toThrow();
    expect(() => reporter.vital('LCP', 1)).not.toThrow();
  });
});
