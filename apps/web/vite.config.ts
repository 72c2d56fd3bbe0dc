import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// In development the API, the identity provider and the runtime config come from the server on port 3000.
const server = 'http://127.0.0.1:3000';

// React Router publishes its development build as the package's entry (its only difference: development warnings);
// the production build beside it goes into the built app.
const routerProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/development[/\\]index\.m?js$/, 'production/index.mjs');

/**
 * The first screens' chunks. `shell`: the app (`render-app.tsx`) with every module it uses
 * (`includeDependenciesRecursively`, the default: the modules as the build uses them, so Mantine's barrel brings
 * only the components they render), and the plain elements the first screens share. Then one chunk each for the
 * two first screens, the customers list (an Owner's or Office's) and a technician's day (a Technician's home), so
 * neither downloads the other. Left to itself the bundler splits them into some 30 files by which lazy pages share
 * them, and each file is compressed alone: 11 KB more gzip. What the entry (`main.tsx`) imports stays in the entry
 * (`$initial`, first), so the sign-in page downloads no more than before. The other features' routes
 * (`feature-routes.ts`, loaded before any of their pages) take what they import that the first screens do not, so
 * the first screen's list of files to preload with them is one name, not a dozen small shared files.
 */
const source = (...files: string[]) =>
  new RegExp(
    `[/\\\\]src[/\\\\](${files.map((file) => file.replaceAll('/', '[/\\\\]').replaceAll('.', '\\.')).join('|')})$`,
  );
const codeSplitting = {
  groups: [
    { name: 'index', tags: ['$initial' as const], priority: 7 },
    {
      name: 'shell',
      priority: 6,
      test: source(
        'app/render-app.tsx',
        'components/plain-inputs.tsx',
        'components/tap-targets.ts',
        'lib/record-keys.ts',
        'lib/use-debounced.ts',
      ),
    },
    {
      name: 'visits',
      priority: 5,
      test: /[/\\](calendar-dates\.ts|job-statuses\.ts|job-status\.tsx)$/,
    },
    { name: 'customer-list', priority: 4, test: source('features/customers/customer-search-page.tsx') },
    { name: 'today', priority: 3, test: source('features/today/today-page.tsx') },
    { name: 'job-view', priority: 2, test: source('features/jobs/job-view-page.tsx') },
    { name: 'feature-routes', priority: 1, test: source('app/feature-routes.ts') },
  ],
};

/**
 * The installable app (docs/web.md, "The installable app"): a web app manifest, and a service worker that keeps
 * every file of the build, so the app opens with no network and a new version never loads an old version's pages.
 * It registers from the signed-in app (`service-worker.ts`), which offers "Reload to update" when a new version is
 * waiting. Pages the server draws itself (the sign-in pages under /oidc) and the sign-in callbacks (/auth, whose
 * headers differ: the silent one runs in a frame) always come from the network.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    name: 'Fieldbook',
    short_name: 'Fieldbook',
    lang: 'en-AU',
    description: 'Jobs, scheduling and invoicing for trades businesses.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#1864ab',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,ico}'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/oidc\//, /^\/auth\//],
    cleanupOutdatedCaches: true,
    // The runtime config: from the server when it answers within 3 s, else as it was last read.
    runtimeCaching: [
      {
        urlPattern: ({ url }) => url.pathname === '/config.json',
        handler: 'NetworkFirst',
        options: { cacheName: 'fieldbook-config', networkTimeoutSeconds: 3 },
      },
    ],
  },
});

export default defineConfig(({ command }) => ({
  plugins: [react(), pwa],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: routerProduction }] } : {},
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No modulepreload polyfill in the entry: a browser without modulepreload (Safari before 17) loads the same
    // modules, only without preloading them.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting } },
  },
  server: {
    proxy: {
      '/api': server,
      '/oidc': server,
      '/config.json': server,
    },
  },
}));
