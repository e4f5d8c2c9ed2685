import { defineProject } from 'vitest/config';

// The evaluator is pure and runs in node; client and OpenFeature tests that need a page opt in to happy-dom with a
// `@vitest-environment happy-dom` docblock, so each file states the world it runs in.
export default defineProject({
  test: {
    name: '@tabula/sdk',
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
