// Bundles the server into dist/main.js for `npm start`. npm packages stay external (installed next to it);
// the workspace packages (@detal/*) are TypeScript sources that Node cannot run, so they go into the bundle.
import { build } from 'esbuild';
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
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalNpmPackages],
  logLevel: 'info',
});
