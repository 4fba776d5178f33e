/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev -w @rowloom/web` serves the page with hot reload and passes /api to a server
// started with `npm start` (PORT 3000 by default).
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 900 },
  server: { proxy: { '/api': process.env.ROWLOOM_API ?? 'http://127.0.0.1:3000' } },
  // `npm test -w @rowloom/web` (vitest run): pure modules run in Node; a test file that renders
  // components or reads localStorage starts with `// @vitest-environment jsdom`. Core's built
  // files load as Node loads them (their data files sit beside them), not through Vite.
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    server: { deps: { external: [/\/packages\/core\/dist\//] } },
  },
});
