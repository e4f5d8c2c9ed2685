import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@tabula/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file starts its own database (PGlite compiles its WebAssembly per worker).
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
