import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'e2e'],
    // Vitest leaves a core free by default; on a two-core CI machine that runs the files one at a time.
    maxWorkers: '100%',
  },
});
