import { readdirSync } from 'node:fs';

// Which folder may not import which: each zone forbids `target` to import from `from`. Read as "X never reaches
// up into Y". Checked by `npm run lint` (eslint.config.js); see docs/decisions/0005-layers-and-import-guards.md.
const zone = (target, from, message) => ({ target, from, message });

/**
 * The server's domain modules, lowest first: a module imports only modules before it (type-only imports too), so
 * that no two import each other and no cycle runs through several (decision 0042). Side effects go up through
 * domain events (server/src/events), not imports. The composition files beside them (modules/index.ts,
 * modules/subscribers.ts) sit above all. A new module folder must be placed in this list, or lint fails.
 */
export const moduleOrder = [
  'audit', // the audit log's object names: what every module that writes audited rows needs
  'order-state', // an order's state derived from its lines: read by orders and by the client card
  'delivery-stats', // delivery learned per supplier (issue 33): owns the rollup that search, basket and catalogue read
  'pricing',
  'catalog',
  'suppliers',
  'supplier-sources',
  'search',
  'list-search',
  'content',
  'basket',
  'bills',
  'payments',
  'payers', // a client's companies and sole traders with requisites (issue 30): registration and checkout use it
  'clients',
  'ledger', // the client ledger, credit terms, stop-list (issue 31): checkout asks it; payments' and shipments' events feed it
  'staff',
  'orders',
  'purchasing', // supplier orders: buys what client lines need (issue 29)
  'delivery-learning', // computes delivery-stats' rollup from orders' and purchasing's history (issue 33, decision 0068)
  'shipments', // hand-overs to clients and their УПД (issue 30): reads orders, bills, payments, purchasing
  'returns', // cancels, returns, supplier returns (issue 32): cancels through orders, credits through shipments and the ledger
  'notifications',
  'settings',
];

const modulesRoot = './server/src/modules';
const moduleFolders = readdirSync(new URL(modulesRoot, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unplaced = moduleFolders.filter((name) => !moduleOrder.includes(name));
if (unplaced.length > 0) {
  throw new Error(`eslint.layers.js: place the module(s) ${unplaced.join(', ')} in moduleOrder`);
}

/** One zone per module: it may not import any module after it, nor the composition files. */
const moduleZones = moduleOrder.map((name, index) =>
  zone(
    `${modulesRoot}/${name}`,
    [
      ...moduleOrder.slice(index + 1).map((higher) => `${modulesRoot}/${higher}`),
      `${modulesRoot}/index.ts`,
      `${modulesRoot}/subscribers.ts`,
    ],
    `modules in one direction (decision 0042): ${name} imports only ${
      index === 0 ? 'no module' : moduleOrder.slice(0, index).join(', ')
    }; tell of a side effect with a domain event instead`,
  ),
);

export const layers = [
  // The contract is the bottom of everything.
  zone('./packages/contract', ['./server', './web', './e2e', './bench'], 'the contract imports no workspace'),

  // Server: db and shared helpers below http, http below modules, modules below the app, the CLI and plugins.
  zone(
    './server/src/shared',
    [
      './server/src/db',
      './server/src/events',
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
      './server/src/events',
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
    './server/src/events',
    [
      './server/src/http',
      './server/src/modules',
      './server/src/jobs',
      './server/src/cli',
      './server/src/plugins',
      './server/src/ssr',
      './server/src/app.ts',
      './server/src/main.ts',
    ],
    'events/ is below the modules: it knows their events, never the modules themselves',
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
  ...moduleZones,

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
