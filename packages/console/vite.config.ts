import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server stands in for the API server's static hosting; everything else it serves comes from the API server.
const apiServer = 'http://localhost:4000';

// Libraries change less often than the console: kept in their own chunks, they stay cached across releases.
// antd is left to the bundler, which splits it along the lazily loaded pages.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
  { name: 'i18n', test: /node_modules[\\/](i18next[^\\/]*|react-i18next)[\\/]/ },
  { name: 'data', test: /node_modules[\\/](@tanstack|zustand|zod|dayjs)[\\/]/ },
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/i18n': apiServer,
      '/sdk': apiServer,
    },
  },
});
