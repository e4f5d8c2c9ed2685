import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: '@tabula/console',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // antd renders large trees; happy-dom on a busy CI machine needs more than the 5 s default.
    testTimeout: 20_000,
  },
});
