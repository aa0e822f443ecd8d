import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes a .gz and a .br copy beside every text file of the build (over 1 KB), compressed once at the
 * highest level, so the server sends compressed files without compressing on each request (a phone on a
 * slow network downloads about a third of the bytes).
 */
function precompress(): Plugin {
  return {
    name: 'kade-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const file = path.join(dir, name);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

// The server serves the built app (dist/) and the API on one origin; in `vite dev` the API is proxied.
export default defineConfig({
  plugins: [react(), precompress()],
  build: { outDir: 'dist', sourcemap: false, target: 'es2022', assetsInlineLimit: 2048 },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/files': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
});
