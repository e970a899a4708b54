import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, normalizePath, type Plugin } from 'vite';

/**
 * The classic script that lets a qiankun host load the app (spec 1). qiankun fetches
 * index.html with import-html-entry and runs its scripts in a sandbox as classic scripts, so
 * it cannot run the ES module entry (that tag gets `ignore`, which only import-html-entry
 * reads). This script, the entry import-html-entry takes (the last one), runs only under
 * qiankun: it marks the page as hosted, so the module does not render itself, and exposes
 * the lifecycle, which imports the module (resolved against the app's URL, which qiankun
 * gives as `__INJECTED_PUBLIC_PATH_BY_QIANKUN__`) and passes on the host's props together
 * with the settings the server put into index.html (`window.__YUYUE__`, in the sandbox).
 */
export function qiankunEntryScript(entryFile: string): string {
  return `(function (global) {
  if (!global.__POWERED_BY_QIANKUN__) return;
  document.defaultView.__YUYUE_HOSTED__ = true;
  var url = new URL(${JSON.stringify(`./${entryFile}`)}, global.__INJECTED_PUBLIC_PATH_BY_QIANKUN__ || document.baseURI).href;
  var app = null;
  function lifecycle(name) {
    return function (props) {
      app = app || import(url);
      return app.then(function (m) {
        return m[name](Object.assign({ runtime: global.__YUYUE__ }, props));
      });
    };
  }
  global.yuyue = { bootstrap: lifecycle('bootstrap'), mount: lifecycle('mount'), unmount: lifecycle('unmount') };
})(window);`;
}

/** Makes the built index.html loadable by a qiankun host as well as on its own. */
function qiankunEntry(): Plugin {
  const entryImport = 'import "./src/main.tsx"';
  let indexHtml = '';
  return {
    name: 'yuyue-qiankun-entry',
    apply: 'build',
    configResolved(config) {
      indexHtml = normalizePath(path.resolve(config.root, 'index.html'));
    },
    // index.html becomes a module that imports its scripts; re-exporting main.tsx instead
    // gives the entry chunk the lifecycle exports (kept by preserveEntrySignatures below).
    transform: {
      order: 'post',
      handler(code, id) {
        if (id !== indexHtml) return null;
        if (!code.includes(entryImport)) throw new Error('qiankun entry: index.html no longer loads ./src/main.tsx');
        return { code: code.replace(entryImport, 'export * from "./src/main.tsx"'), map: null };
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (ctx.path !== '/index.html' || !ctx.chunk) return html;
        const entryFile = ctx.chunk.fileName;
        const tag = `<script type="module" crossorigin src="./${entryFile}">`;
        if (!html.includes(tag)) throw new Error(`qiankun entry: no module script for ${entryFile} in index.html`);
        return {
          html: html.replace(tag, tag.replace('<script type="module"', '<script type="module" ignore')),
          tags: [{ tag: 'script', children: qiankunEntryScript(entryFile), injectTo: 'body' }],
        };
      },
    },
  };
}

/**
 * React Router publishes its production build beside the development one but exports only the
 * latter (the same code with development warnings); the build takes the production one.
 */
function reactRouterProduction(): Plugin {
  const production = path.resolve(import.meta.dirname, '../../node_modules/react-router/dist/production/index.mjs');
  return {
    name: 'yuyue-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'react-router' ? production : null;
    },
  };
}

// Built once with relative asset URLs: the server serves the app under any BASE_PATH and
// puts a matching <base href> into index.html, so one build fits every deployment.
export default defineConfig({
  base: './',
  plugins: [react(), qiankunEntry(), reactRouterProduction()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: { main: 'index.html', 'silent-renew': 'silent-renew.html' },
      // The main chunk keeps its exports (bootstrap, mount, unmount): the qiankun entry script calls them.
      preserveEntrySignatures: 'allow-extension',
      output: {
        // Chunks and assets are named by their hash only: the entry lists every chunk a route
        // needs (Vite's preload map) and every chunk names the ones it imports, so names cost
        // bytes on every page (about 3 kB of a phone page; the bundle bench's --detail says what
        // a file holds).
        chunkFileNames: 'assets/[hash].js',
        hashCharacters: 'base36',
        assetFileNames: 'assets/[hash][extname]',
        codeSplitting: {
          groups: [
            // What every page of every area runs before its own code (React, the router, TanStack
            // Query, i18next): one chunk beside the entry instead of half a dozen small ones, each
            // with its own import list and compressed on its own.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|use-sync-external-store)[\\/]|vite[\\/]preload-helper/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/bus': 'http://localhost:3000',
      '/sso': 'http://localhost:3000',
      '/api': 'http://localhost:3000',
    },
  },
});
