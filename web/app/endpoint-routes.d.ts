/** The contract's registries as method, path and roles (web/vite/endpoint-routes.ts makes this module). */
declare module 'virtual:detal/endpoint-routes' {
  import type { EndpointDef, adminEndpoints, shopEndpoints, techEndpoints } from '@detal/contract';

  type Routes<R> = {
    readonly [K in keyof R]: { method: EndpointDef['method']; path: string } & (R[K] extends { roles: infer Roles }
      ? { roles: Roles }
      : object);
  };
  export const shopRoutes: Routes<typeof shopEndpoints>;
  export const techRoutes: Routes<typeof techEndpoints>;
  export const adminRoutes: Routes<typeof adminEndpoints>;
}
