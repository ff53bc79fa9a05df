// Vite build of the console SPA; the dev server proxies the API, relay and playground paths to the gateway.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const gatewayAddress = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': gatewayAddress,
      '/v1': gatewayAddress,
      '/pg': gatewayAddress,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
});
