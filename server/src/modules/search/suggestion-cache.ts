import { LRUCache } from 'lru-cache';
import { Counter, type Registry } from 'prom-client';
import type { SuggestResult } from '@detal/contract';

/**
 * Answers kept per instance. One answer is at most 10 short parts (a few KB), so 10,000 of them stay within tens of
 * megabytes, and hold every prefix of 2 to 4 characters that a catalogue of a million articles has in use.
 */
export const SUGGEST_CACHE_MAX_ENTRIES = 10_000;

/** How a suggestion was answered: from the cache, by another request's query still running, or by its own. */
export type SuggestCacheOutcome = 'hit' | 'shared' | 'miss';

/** Bumped by forgetSuggestions(); a cache that sees a newer value than its own drops everything it holds. */
let offersVersion = 0;

/**
 * Tells this process's suggestion caches that offers have changed (an import, a supplier switched on or off, a
 * list hidden as stale or shown again): the next suggestion asks the database. Other instances catch up within
 * their cache's lifetime (SUGGEST_CACHE_TTL_MS).
 */
export function forgetSuggestions(): void {
  offersVersion += 1;
}

export interface SuggestionCacheOptions {
  /** Lifetime of an answer in ms; 0 turns the cache off, and each lookup runs its own query. */
  ttlMs: number;
  maxEntries?: number;
  /** Told of each lookup's outcome (the Prometheus counter). */
  onLookup?: (outcome: SuggestCacheOutcome) => void;
  /** The clock of the lifetimes (`performance` unless a test passes its own). */
  clock?: { now(): number };
}

/**
 * Suggestion answers by key (the normalized prefix and the limit) for a short lifetime, with the queries still
 * running shared: the requests for one prefix that come while its query runs wait for that query instead of
 * sending their own, so a burst of a popular prefix costs one round trip. An answer read before forgetSuggestions()
 * but arriving after it is handed to its callers and not kept.
 */
export class SuggestionCache {
  readonly #answers: LRUCache<string, SuggestResult> | null;
  readonly #running = new Map<string, Promise<SuggestResult>>();
  readonly #onLookup: (outcome: SuggestCacheOutcome) => void;
  #version = offersVersion;

  constructor({ ttlMs, maxEntries = SUGGEST_CACHE_MAX_ENTRIES, onLookup, clock }: SuggestionCacheOptions) {
    this.#onLookup = onLookup ?? (() => {});
    this.#answers =
      ttlMs > 0
        ? new LRUCache<string, SuggestResult>({
            max: maxEntries,
            ttl: ttlMs,
            // Reads the clock at each look-up: the default (1 ms) sets a timer per read instead.
            ttlResolution: 0,
            ...(clock ? { perf: clock } : {}),
          })
        : null;
  }

  /** The answer kept for `key`, else the one `load` reads (once for all the callers that ask meanwhile). */
  answer(key: string, load: () => Promise<SuggestResult>): Promise<SuggestResult> {
    const answers = this.#answers;
    if (answers === null) {
      this.#onLookup('miss');
      return load();
    }
    if (this.#version !== offersVersion) {
      answers.clear();
      this.#running.clear();
      this.#version = offersVersion;
    }
    const kept = answers.get(key);
    if (kept !== undefined) {
      this.#onLookup('hit');
      return Promise.resolve(kept);
    }
    const running = this.#running.get(key);
    if (running !== undefined) {
      this.#onLookup('shared');
      return running;
    }
    this.#onLookup('miss');
    const version = this.#version;
    const loading = load()
      .then((result) => {
        if (version === offersVersion) answers.set(key, result);
        return result;
      })
      .finally(() => {
        if (this.#running.get(key) === loading) this.#running.delete(key);
      });
    this.#running.set(key, loading);
    return loading;
  }
}

/** `detal_suggest_cache_requests_total{result="hit|shared|miss"}` in `registry`, every outcome shown from zero. */
export function suggestCacheCounter(registry: Registry): (outcome: SuggestCacheOutcome) => void {
  const counter = new Counter({
    name: 'detal_suggest_cache_requests_total',
    help: 'Suggestions (2 characters or more) by how they were answered: hit (this instance kept the answer), shared (another request was reading it), miss (a query of their own)',
    labelNames: ['result'],
    registers: [registry],
  });
  const outcomes: SuggestCacheOutcome[] = ['hit', 'shared', 'miss'];
  for (const result of outcomes) counter.inc({ result }, 0);
  return (result) => counter.inc({ result });
}
