import { LOADING_TICK_MS } from '@detal/contract/browser';
import { useSyncExternalStore } from 'react';

/** The loading indicator of spec sections 3 and 4: a flag, and a counter that ticks while the flag is on. */
export interface LoadingState {
  loading: boolean;
  counter: number;
  /** On: starts ticking every LOADING_TICK_MS. Off: resets the counter to 0 and stops. */
  setLoading: (on: boolean) => void;
  /** Marks one piece of work (a request, a navigation) as running; the returned function ends it, once. */
  begin: () => () => void;
}

/** The indicator's state with its subscribers: read by getState(), watched by React through useLoading. */
export function createLoadingStore() {
  let ticker: ReturnType<typeof setInterval> | null = null;
  let running = 0;
  const listeners = new Set<() => void>();
  const set = (change: Partial<LoadingState>): void => {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  };

  const setLoading = (on: boolean): void => {
    if (on) {
      if (ticker !== null) return;
      set({ loading: true, counter: 0 });
      ticker = setInterval(() => set({ counter: state.counter + 1 }), LOADING_TICK_MS);
      return;
    }
    if (ticker !== null) clearInterval(ticker);
    ticker = null;
    set({ loading: false, counter: 0 });
  };

  let state: LoadingState = {
    loading: false,
    counter: 0,
    setLoading,
    begin: () => {
      running += 1;
      if (running === 1) setLoading(true);
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        running -= 1;
        if (running === 0) setLoading(false);
      };
    },
  };

  return {
    getState: (): LoadingState => state,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The browser's one indicator. Server rendering never touches it (it would be shared between visitors). */
export const loadingStore = createLoadingStore();

export function useLoading<T>(selector: (state: LoadingState) => T): T {
  const state = useSyncExternalStore(loadingStore.subscribe, loadingStore.getState, loadingStore.getState);
  return selector(state);
}
