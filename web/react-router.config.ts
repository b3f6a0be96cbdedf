import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // WEB_BUILD_DIR (the folder the server serves) lets parallel checkouts or CI jobs build side by side.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  // Every page is rendered on the server: titles, descriptions and content arrive before any script runs.
  ssr: true,
  // React Router 7 behaviour, stated so that it is a choice: the production server hands loaders a plain load
  // context ({ apiFetch }), which v8_middleware would replace with a RouterContextProvider.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
