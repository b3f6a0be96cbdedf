import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// In development the API runs as its own process; the dev server forwards /api there.
const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [reactRouter()],
  server: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
    },
  },
});
