import type { ComponentPropsWithRef, ElementType } from 'react';

/**
 * A component's props when it can render as another element or component (`component={Link} to="/cart"`): its
 * own props and the rendered element's props (a CSS module's `className` among them; no style props, decision 0067).
 */
export type PolymorphicProps<C extends ElementType, Own = object> = Own & { component?: C } & Omit<
    ComponentPropsWithRef<C>,
    keyof Own | 'component'
  >;
