import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const API = 'http://localhost:3000';

/** Writes .gz and .br beside every text file of the build, for a server that serves them
 * precompressed (@fastify/static `preCompressed`), so nothing is compressed per request. */
function precompress(): Plugin {
  return {
    name: 'lantern-precompress',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir ?? 'dist';
      const visit = (folder: string) => {
        for (const entry of readdirSync(folder, { withFileTypes: true })) {
          const path = join(folder, entry.name);
          if (entry.isDirectory()) {
            if (entry.name !== '.vite') visit(path);
          } else if (/\.(js|css|html|svg|json)$/.test(entry.name)) {
            const content = readFileSync(path);
            writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
            writeFileSync(
              `${path}.br`,
              brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
          }
        }
      };
      visit(dir);
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // The page budgets (sign-in 200 KB, a student's unit page 150 KB, compressed) are measured
    // by the bench (login-bytes, unit-bytes). The entry (React DOM, React Router, zod, Mantine's
    // core: about 520 KB before compression) and the lazy editor (450 KB) pass 400 KB.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically goes into the entry's one file: every page
          // loads all of it anyway, and one file compresses better than the 15 it made (the
          // sign-in page 185 → 177 KB, the unit page 225 → 214 KB, brotli).
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': API,
      '/forgot-password': API,
      '/public-api': API,
    },
  },
});
