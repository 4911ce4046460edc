import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server the dev server forwards to (npm run dev:server listens on 8080 by default).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;
const proxy = {
  '/v1': { target: apiTarget, ws: true },
  '/system': { target: apiTarget },
  '/docs': { target: apiTarget },
  // Uploaded files, e.g. tenant logos (/files/logos/<tenant>/<name>.jpg).
  '/files': { target: apiTarget },
};

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-size.mjs reads each route's first-load chunks from the manifest.
    manifest: true,
    rolldownOptions: {
      // Packages that declare no "sideEffects" but have none, so the bundler may drop what a chunk
      // does not use. The contract: only constants and schemas (keeps zod out of the entry chunk;
      // the lasting fix is "sideEffects": false in its package.json). @rc-component: antd's
      // ConfigProvider imports rc-form's FormProvider, which otherwise drags the whole form engine
      // and async-validator into every first load.
      treeshake: {
        moduleSideEffects: [
          { test: /packages[\\/]contract[\\/]/, sideEffects: false },
          { test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // Left to itself the bundler splits every module shared by the shell and some screen into a
        // chunk of its own: ~44 separately compressed scripts on a first visit. These groups gather
        // what every first visit loads into a few chunks that compress well together, and leave
        // screen-only code (charts, markdown, QR, forms) to the automatic split.
        codeSplitting: {
          groups: [
            // React and the router change rarely: a chunk of their own stays cached across releases.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 4,
            },
            // Everything the entry imports statically, its code and its libraries (antd's core,
            // react-query, i18next): every page, /login included, loads all of it anyway. The tag is
            // the bundler's own reachability, after tree-shaking.
            { name: 'initial', tags: ['$initial'], priority: 3 },
            // The signed-in shell's antd parts (sidebar menu, visited tabs, dropdowns, layout): every
            // screen inside the main layout loads them. Named packages rather than "what the layout
            // reaches": the graph a group sees is before tree-shaking, so antd's index would drag in
            // every component. Not following their dependencies keeps shared pieces (form engine,
            // tooltip) where the automatic split puts them, so /login does not load this chunk.
            {
              name: 'shell',
              test: /node_modules[\\/](antd[\\/]es[\\/](menu|tabs|dropdown|layout|space)|@rc-component[\\/](menu|tabs|dropdown|overflow))[\\/]/,
              includeDependenciesRecursively: false,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
