import path from 'node:path';
import type { Plugin, UserConfig } from 'vite';

/**
 * The website chat widget: one self-contained IIFE (`web/dist/widget/widget-app.js`) that the KreeChat server
 * hands to WordPress sites at `/api/widget/widget-app.js`, fetched by the loader `public/widget.js` (served at
 * `/api/widget/widget.js`, what the plugin enqueues) once the page has loaded and is idle. No chunks, no CSS file and no asset URLs — the styles live in
 * the script and go into its shadow root — so it runs from any site whatever the page's base URL.
 * Built after the web app (`npm run build -w web`), whose build empties web/dist first. Vite is installed for web
 * only, so this file imports nothing of it at run time (its types come through widget/tsconfig.json's paths).
 */
const here = import.meta.dirname;

/**
 * Every non-ASCII character of the bundle (the dictionaries, the stars, typographic quotes) as a `\uXXXX` escape.
 * The script is read in the page's encoding when its response names none, and many WordPress pages (or the
 * caches and CDNs in front of them) serve scripts without a charset; escaped, the bytes mean the same in every
 * encoding. Safe anywhere in JavaScript: strings, templates, regular expressions, identifiers and comments all
 * accept the escape (the bundle has no String.raw).
 */
const asciiOnly: Plugin = {
  name: 'kreechat-ascii-only',
  // At the very end, after minification (which would write the characters back).
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      chunk.code = chunk.code.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    }
  },
};

const config: UserConfig = {
  root: here,
  // public/widget.js is the loader the plugin enqueues; it fetches widget-app.js (this build) once the page is idle.
  publicDir: path.resolve(here, 'public'),
  plugins: [asciiOnly],
  // Library mode leaves process.env alone for the consumer; a page has none, so fix it here.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: path.resolve(here, '../web/dist/widget'),
    emptyOutDir: true,
    target: 'es2020',
    minify: true,
    sourcemap: false,
    reportCompressedSize: true,
    lib: {
      entry: path.resolve(here, 'src/main.ts'),
      formats: ['iife'],
      name: 'KreeChatWidget',
      fileName: () => 'widget-app.js',
    },
  },
};

export default config;
