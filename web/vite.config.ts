import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The API, uploaded files and Socket.IO all live on the one server process (ARCHITECTURE §2).
const server = process.env.KREECHAT_API ?? 'http://127.0.0.1:3003';

const proxy = {
  '/api': { target: server, changeOrigin: false },
  '/files': { target: server, changeOrigin: false },
  '/socket.io': { target: server, ws: true, changeOrigin: false },
};

export default defineConfig({
  plugins: [react()],
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
      output: {
        // Libraries change less often than the app: separate chunks keep browser caches warm across releases.
        // Only those every screen loads ($initial): a library only some lazy screens use (the emoji picker, the
        // drop zone) stays with them, or it would be fetched up front with the rest.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
            // Icons several lazy screens share: one small chunk, not one sub-kB request per icon and set of screens.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
