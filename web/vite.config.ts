import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { isTextPart, textsOf } from './src/locales/parts';

// The API, uploaded files and Socket.IO all live on the one server process (ARCHITECTURE §2).
const server = process.env.KREECHAT_API ?? 'http://127.0.0.1:3003';

const proxy = {
  '/api': { target: server, changeOrigin: false },
  '/files': { target: server, changeOrigin: false },
  '/socket.io': { target: server, ws: true, changeOrigin: false },
};

/**
 * `src/locales/xx.json?texts=<part>` is the part of a locale file that src/locales/parts.ts names, so the login
 * screen fetches its own texts and not the workspace's. The files stay whole for translators. `whole` serves the
 * whole file for every part: component tests render any screen at once (vitest.config.ts).
 */
export function localeParts({ whole = false } = {}): Plugin {
  return {
    name: 'kreechat:locale-parts',
    enforce: 'pre',
    async load(id) {
      const match = /^(.+[\\/]locales[\\/][a-z]{2}\.json)\?texts=(\w+)$/.exec(id);
      if (!match) return null;
      const [, file = '', part = ''] = match;
      if (!isTextPart(part)) throw new Error(`${id}: no such part of the texts`);
      const tree = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const texts = whole ? tree : textsOf(tree, part);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
    },
  };
}

export default defineConfig({
  plugins: [react(), localeParts()],
  // `@/` is web/src, as in tsconfig.json's paths.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json maps each source module to its chunk and static imports (bench/bundle-size.ts).
    manifest: true,
    rolldownOptions: {
      // The contract only declares (constants, schemas, types): a screen gets the parts it uses, not all of it.
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]contract[\\/]/, sideEffects: false }],
      },
      output: {
        // Libraries change less often than the app: separate chunks keep browser caches warm across releases.
        // Only those every screen loads ($initial): a library only some lazy screens use (the emoji picker, the
        // drop zone) stays with them, or it would be fetched up front with the rest.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // The data layer's libraries, one chunk each rather than a piece per set of screens: /login loads neither.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
            // Icons several lazy screens share: one small chunk, not one sub-kB request per icon and set of screens.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
