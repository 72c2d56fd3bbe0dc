import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API, the identity provider and the runtime config come from the server on port 3000.
const server = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/api': server,
      '/oidc': server,
      '/config.json': server,
    },
  },
});
