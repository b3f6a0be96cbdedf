import type { ComponentPropsWithRef, ElementType } from 'react';
import type { StyleProps } from './style-props.ts';

/**
 * A component's props when it can render as another element or component (`component={Link} to="/cart"`): its
 * own props, the style props, and the rendered element's props.
 */
export type PolymorphicProps<C extends ElementType, Own = object> = Own &
  StyleProps & { component?: C } & Omit<ComponentPropsWithRef<C>, keyof Own | keyof StyleProps | 'component'>;
