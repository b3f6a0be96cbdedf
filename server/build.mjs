// Bundles the server into dist/server.js, started by dist/main.js for `npm start`. npm packages stay external
// (installed next to it); the workspace packages (@detal/*) are TypeScript sources that Node cannot run, so they go
// into the bundle. Each worker thread's script is an entry of its own, next to server.js, where workerScript()
// (src/shared/worker-stream.ts) looks for it: `name.js` for the sources' `name.ts`.
import { build } from 'esbuild';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** Marks every bare import (an npm package or a node: builtin) external, except the workspace's @detal/*. */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      if (path.startsWith('@detal/')) return undefined;
      return { path, external: true };
    });
  },
};

await build({
  absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
  entryPoints: {
    server: 'src/main.ts',
    'records-worker': 'src/modules/catalog/import/records-worker.ts',
    'statement-worker': 'src/modules/payments/statement-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalNpmPackages],
  logLevel: 'info',
});

// The built server is the production server: NODE_ENV defaults to production before any module loads. It has to
// be set before React is first imported (react-router imports it statically and React picks its development or
// production build from NODE_ENV at that moment); React's development build made a result page about ten times
// slower to render (issue 18). Set NODE_ENV explicitly to run the bundle otherwise.
await writeFile(
  fileURLToPath(new URL('dist/main.js', import.meta.url)),
  "// Written by build.mjs.\nprocess.env.NODE_ENV ??= 'production';\nawait import('./server.js');\n",
);
