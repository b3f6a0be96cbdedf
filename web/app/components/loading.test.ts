import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_TICK_MS } from '@detal/contract/browser';
import { createLoadingStore } from './loading.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('loading indicator', () => {
  it('ticks the counter every 100 ms while on, and resets it to 0 and stops when turned off', () => {
    const store = createLoadingStore();
    expect(LOADING_TICK_MS).toBe(100);
    expect(store.getState()).toMatchObject({ loading: false, counter: 0 });

    store.getState().setLoading(true);
    expect(store.getState()).toMatchObject({ loading: true, counter: 0 });
    vi.advanceTimersByTime(99);
    expect(store.getState().counter).toBe(0);
    vi.advanceTimersByTime(1);
    expect(store.getState().counter).toBe(1);
    vi.advanceTimersByTime(450);
    expect(store.getState().counter).toBe(5);

    store.getState().setLoading(false);
    expect(store.getState()).toMatchObject({ loading: false, counter: 0 });
    vi.advanceTimersByTime(1000);
    expect(store.getState().counter).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('turning on twice keeps one ticker', () => {
    const store = createLoadingStore();
    store.getState().setLoading(true);
    vi.advanceTimersByTime(200);
    store.getState().setLoading(true);
    vi.advanceTimersByTime(100);
    expect(store.getState().counter).toBe(3);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('stays on while any of several overlapping pieces of work runs', () => {
    const store = createLoadingStore();
    const endFirst = store.getState().begin();
    const endSecond = store.getState().begin();
    vi.advanceTimersByTime(300);
    endFirst();
    endFirst();
    expect(store.getState()).toMatchObject({ loading: true, counter: 3 });
    endSecond();
    expect(store.getState()).toMatchObject({ loading: false, counter: 0 });
    expect(vi.getTimerCount()).toBe(0);
  });
});
