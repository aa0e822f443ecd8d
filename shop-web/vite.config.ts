import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server serves the built app (dist/) and the API on one origin; in `vite dev` the API is proxied.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, target: 'es2022', assetsInlineLimit: 2048 },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/files': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
});
