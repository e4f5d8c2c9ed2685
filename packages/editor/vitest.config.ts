import { defineProject } from 'vitest/config';

export default defineProject({
  // The build defines the translations' version (scripts/build.mjs).
  define: { EDITOR_I18N_VERSION: JSON.stringify('test') },
  test: {
    name: '@tabula/editor',
    environment: 'happy-dom',
    // Pages in tests name the SDK's scripts; nothing is to be fetched or run.
    environmentOptions: {
      happyDOM: { settings: { disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true } },
    },
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
  },
});
