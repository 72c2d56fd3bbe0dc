import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API, the identity provider and the runtime config come from the server on port 3000.
const server = 'http://127.0.0.1:3000';

// React Router publishes its development build as the package's entry (its only difference: development warnings);
// the production build beside it goes into the built app.
const routerProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/development[/\\]index\.m?js$/, 'production/index.mjs');

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: routerProduction }] } : {},
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/api': server,
      '/oidc': server,
      '/config.json': server,
    },
  },
}));
