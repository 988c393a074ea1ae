// Bundles the API into one file (fast start); packages from npm stay external.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';

const here = new URL('.', import.meta.url).pathname;
rmSync(`${here}dist`, { recursive: true, force: true });
await build({
  // The embedded database's worker thread is a second file beside the server (decision 0017).
  entryPoints: {
    server: `${here}src/server.ts`,
    'pglite-worker': `${here}../../packages/db/src/pglite-worker.ts`,
    // The rich-text sanitiser's thread (decision 0019).
    'rich-text-worker': `${here}src/lib/rich-text-worker.ts`,
    // The training package validator's thread (decision 0020 §2.2).
    'wbt-unpack-worker': `${here}src/modules/learning/wbt/package-validate.worker.ts`,
  },
  outdir: `${here}dist`,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        // Our workspace packages are bundled from source; everything from npm is loaded at run time.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@lantern/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync(`${here}../../packages/db/migrations`, `${here}dist/migrations`, { recursive: true });
