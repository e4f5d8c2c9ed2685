import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A browser and a server answer in milliseconds, but on a busy machine a round trip can take longer than the
    // default second. A test that promises a time says so with a timeout of its own.
    expect: { poll: { timeout: 10_000 } },
    // Each browser test starts its own server and database; two at once would only fight over two cores.
    fileParallelism: false,
  },
});
