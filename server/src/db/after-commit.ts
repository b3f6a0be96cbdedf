import type { Db, Tx } from './database.ts';

/**
 * Work that must wait for a transaction's COMMIT (dropping an in-memory cache of what it changed): queued with
 * `afterCommit(tx, effect)` while the transaction is open, run once it has committed, dropped when it rolls back.
 * Drizzle has no commit hook, so `withAfterCommit` wraps the `transaction` method of a database: every
 * transaction opened through it (and every savepoint inside one) keeps a queue. A savepoint's queue joins its
 * outer transaction's when the savepoint is released, and goes with it when it rolls back. Decision 0042.
 */

type Effect = () => void | Promise<void>;

/** The queue of each transaction open right now; a transaction that has ended is no longer here. */
const openQueues = new WeakMap<object, Effect[]>();

type TransactionOpener = { transaction: Db['transaction'] };

function hookTransactions(owner: TransactionOpener, outerQueue: Effect[] | null): void {
  const open = owner.transaction.bind(owner) as Db['transaction'];
  const transaction: Db['transaction'] = async (run, config) => {
    const queue: Effect[] = [];
    const result = await open(async (tx) => {
      hookTransactions(tx, queue);
      openQueues.set(tx, queue);
      try {
        return await run(tx);
      } finally {
        // Whatever the outcome, this transaction takes no more work: a late afterCommit is refused.
        openQueues.delete(tx);
      }
    }, config);
    if (outerQueue) outerQueue.push(...queue);
    else await runEffects(queue);
    return result;
  };
  owner.transaction = transaction;
}

async function runEffects(queue: readonly Effect[]): Promise<void> {
  for (const effect of queue) {
    try {
      await effect();
    } catch (error) {
      // Committed is committed: the caller's write stands, so a failing effect is reported, not thrown.
      console.error('An after-commit effect failed:', error);
    }
  }
}

/** `db` with its transactions (and their savepoints) keeping after-commit queues; returns the same object. */
export function withAfterCommit<D extends Db>(db: D): D {
  hookTransactions(db, null);
  return db;
}

/** Whether `tx` is a transaction of a hooked database, open right now. */
export const isOpenTransaction = (tx: unknown): tx is Tx => typeof tx === 'object' && tx !== null && openQueues.has(tx);

/** Runs `effect` after `tx` commits (nothing if it rolls back); refused for anything but an open transaction. */
export function afterCommit(tx: Tx, effect: Effect): void {
  const queue = openQueues.get(tx);
  if (!queue) throw new Error('afterCommit needs an open transaction of the database (db.transaction)');
  queue.push(effect);
}
