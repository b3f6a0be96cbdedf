import { Skeleton, Stack, VisuallyHidden } from '../../ui/index.ts';
import classes from './basket.module.css';

/** Shown while the basket is read from the browser's storage and the server: never a flash of "empty". */
export function BasketSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true">
      <VisuallyHidden role="status">Загружаем корзину…</VisuallyHidden>
      <Skeleton height={44} radius="sm" />
      <Skeleton height={72} radius="sm" />
      <Skeleton height={72} radius="sm" />
      <Skeleton height={72} radius="sm" />
      <Skeleton height={48} width="40%" radius="sm" className={classes.skeletonTotal} />
    </Stack>
  );
}
