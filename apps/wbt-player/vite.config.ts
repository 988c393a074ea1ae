import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = resolve(import.meta.dirname, 'player');

/** The player pages the content origin serves at /player/* (decision 0020 §2.3): no inline
 * script or style (its CSP is `script-src 'self'; style-src 'self'`), hashed assets. */
export default defineConfig({
  root,
  base: '/player/',
  build: {
    outDir: resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    // A data: URL would be inline content the player's CSP refuses.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: {
        scorm12: resolve(root, 'scorm12.html'),
        scorm2004: resolve(root, 'scorm2004.html'),
        html: resolve(root, 'html.html'),
      },
    },
  },
});
