import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** One version string per build: compiled into the bundle and written to dist/version.txt. */
const buildVersion =
  process.env.CROSSARM_VERSION?.trim() || `${packageJson.version}+${new Date().toISOString()}`;

/** Writes version.txt next to index.html so running tabs can tell that a newer build was deployed. */
function versionFile(version: string): Plugin {
  return {
    name: 'crossarm-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.txt', source: `${version}\n` });
    },
  };
}

const apiTarget = process.env.CROSSARM_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), versionFile(buildVersion)],
  define: {
    __CROSSARM_VERSION__: JSON.stringify(buildVersion),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/oidc': { target: apiTarget, changeOrigin: false },
      '/hub': { target: apiTarget, changeOrigin: false, ws: true },
      '/version.txt': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The map library (about 1 MB, loaded only with a map) is the one chunk allowed past 700 kB.
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        'silent-callback': fileURLToPath(new URL('./silent-callback.html', import.meta.url)),
      },
      // The shared package holds only declarations (schemas, enums, pure functions): marking it free of side
      // effects lets the bundle drop the schemas (and zod) the browser never uses.
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id),
      },
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deployments.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-transition-group|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|react-number-format|react-textarea-autosize|clsx|tslib|get-nonce|detect-node-es|type-fest)[\\/]/,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            {
              name: 'realtime',
              test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io|xmlhttprequest-ssl|debug|ms)[\\/]/,
            },
            { name: 'oidc', test: /node_modules[\\/](oidc-client-ts|jwt-decode)[\\/]/ },
            // Loaded only when a map opens.
            { name: 'maplibre', test: /node_modules[\\/](maplibre-gl|@maplibre)[\\/]/ },
          ],
        },
      },
    },
  },
});
