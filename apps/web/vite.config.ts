import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The API server (apps/server) listens on 127.0.0.1:3000 by default; VITE_API_PROXY overrides it.
const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3000';
const proxy = { '/api': { target: apiTarget } };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy },
  preview: { proxy },
  // The manifest lets the server preload each page's code (apps/server/src/http/page-shell.ts).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically, in the entry's chunk: without this group
        // Rolldown gave four parts of it chunks of their own (tailwind-merge with React, the API
        // client, two of Radix's shared pieces), four more requests before any page can render.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
