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
        codeSplitting: {
          groups: [
            // React and the router change rarely: a chunk of their own stays cached across releases.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
