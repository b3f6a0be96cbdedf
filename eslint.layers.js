// Which folder may not import which: each zone forbids `target` to import from `from`. Read as "X never reaches
// up into Y". Checked by `npm run lint` (eslint.config.js); see docs/decisions/0005-layers-and-import-guards.md.
const zone = (target, from, message) => ({ target, from, message });

export const layers = [
  // The contract is the bottom of everything.
  zone('./packages/contract', ['./server', './web', './e2e', './bench'], 'the contract imports no workspace'),

  // Server: db and shared helpers below http, http below modules, modules below the app, the CLI and plugins.
  zone(
    './server/src/shared',
    [
      './server/src/db',
      './server/src/http',
      './server/src/modules',
      './server/src/cli',
      './server/src/plugins',
      './server/src/ssr',
      './server/src/app.ts',
    ],
    'shared helpers import nothing of the app',
  ),
  zone(
    './server/src/db',
    [
      './server/src/http',
      './server/src/modules',
      './server/src/cli',
      './server/src/plugins',
      './server/src/ssr',
      './server/src/app.ts',
    ],
    'the database layer knows no HTTP, module or CLI',
  ),
  zone(
    './server/src/http',
    [
      './server/src/modules',
      './server/src/jobs',
      './server/src/cli',
      './server/src/plugins',
      './server/src/ssr',
      './server/src/app.ts',
    ],
    'http/ is below the modules: the app passes module functions in',
  ),
  zone(
    './server/src/modules',
    [
      './server/src/jobs',
      './server/src/cli',
      './server/src/plugins',
      './server/src/ssr',
      './server/src/app.ts',
      './server/src/main.ts',
    ],
    'modules never import the jobs, the CLI, plugins or the app',
  ),
  zone('./server/src/plugins', ['./server/src/modules', './server/src/cli'], 'plugins are generic: no module, no CLI'),

  // Web: the request layer imports nothing above it; shared components know no feature; nothing imports a route.
  zone(
    './web/app/lib',
    ['./web/app/features', './web/app/components', './web/app/routes', './web/app/layouts', './web/app/root.tsx'],
    'lib/ is below features and components',
  ),
  zone(
    './web/app/components',
    ['./web/app/features', './web/app/routes', './web/app/layouts', './web/app/root.tsx'],
    'components/ is shared UI: no feature, no route',
  ),
  zone(
    './web/app/features',
    ['./web/app/routes', './web/app/layouts', './web/app/root.tsx'],
    'a feature never imports a route or a layout',
  ),
];
