import { useEffect } from 'react';
import { Progress } from '../ui/index.ts';
import { useNavigation } from 'react-router';
import { loadingStore, useLoading } from './loading.ts';

/** Navigations (their loaders) drive the indicator as requests do. */
function useNavigationLoading(): void {
  const busy = useNavigation().state !== 'idle';
  useEffect(() => (busy ? loadingStore.getState().begin() : undefined), [busy]);
}

/**
 * The thin bar at the top of the window while a request or a navigation runs. It appears from the first tick
 * (100 ms) so that quick calls do not flash, and creeps towards the end while the counter ticks.
 */
export function LoadingBar() {
  useNavigationLoading();
  const loading = useLoading((state) => state.loading);
  const counter = useLoading((state) => state.counter);
  if (!loading || counter === 0) return null;
  const value = 95 * (1 - Math.exp(-counter / 12));
  return (
    <Progress
      value={value}
      size={3}
      radius={0}
      transitionDuration={100}
      aria-label="Загрузка"
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    />
  );
}
