import { runnerImport, type Plugin } from 'vite';

/** The module the web's typed caller imports its routes from (app/lib/api/endpoints.ts). */
export const ENDPOINT_ROUTES_MODULE = 'virtual:detal/endpoint-routes';
const RESOLVED_ID = `\0${ENDPOINT_ROUTES_MODULE}`;

/** What a caller needs of an endpoint: no schema, so no validation library in the browser. */
export interface EndpointRoute {
  method: string;
  path: string;
  roles?: readonly string[];
}

type Registry = Record<string, EndpointRoute>;

const routesOf = (registry: Registry): Record<string, EndpointRoute> =>
  Object.fromEntries(
    Object.entries(registry).map(([name, { method, path, roles }]) => [
      name,
      roles ? { method, path, roles } : { method, path },
    ]),
  );

/**
 * The contract's endpoint registries reduced to method, path and roles, read from the registry itself when the
 * web is built (nothing restated): the browser gets a plain object instead of the registry with its zod schemas
 * (issue 17: no validation library in the storefront's bundle). Decision 0031.
 */
export function endpointRoutes(): Plugin {
  return {
    name: 'detal-endpoint-routes',
    resolveId: (id) => (id === ENDPOINT_ROUTES_MODULE ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const { module } = await runnerImport<{
        shopEndpoints: Registry;
        techEndpoints: Registry;
        adminEndpoints: Registry;
      }>('@detal/contract');
      return [
        `export const shopRoutes = ${JSON.stringify(routesOf(module.shopEndpoints))};`,
        `export const techRoutes = ${JSON.stringify(routesOf(module.techEndpoints))};`,
        `export const adminRoutes = ${JSON.stringify(routesOf(module.adminEndpoints))};`,
      ].join('\n');
    },
  };
}
