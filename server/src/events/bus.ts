import { afterCommit, isOpenTransaction } from '../db/after-commit.ts';
import type { Tx } from '../db/index.ts';
import type { DomainEventName, DomainEvents } from './domain-events.ts';

/** Runs inside the emitter's transaction, awaited; a throw rolls the whole transaction back. */
export type TransactionSubscriber<N extends DomainEventName> = (tx: Tx, event: DomainEvents[N]) => Promise<void>;

/** Runs once the emitter's transaction has committed; never on a rollback, and a throw undoes nothing. */
export type AfterCommitEffect<N extends DomainEventName> = (event: DomainEvents[N]) => void | Promise<void>;

/**
 * Domain events inside the caller's transaction (decision 0042). `emit` takes the open transaction of the change:
 * the transaction's subscribers run at once, one after the other in the order they subscribed, on that transaction
 * (so the outbox row or the audit row commits with the change, or neither does); the after-commit effects are
 * queued on the transaction (db/after-commit.ts) and run after COMMIT. An emit outside an open transaction, or of
 * an event nobody subscribed to (a composition point that forgot `subscribeModuleEffects`), is a programming
 * error: it throws, and the caller's transaction, if any, rolls back.
 */
export class DomainEventBus {
  readonly #inTransaction = new Map<DomainEventName, Array<TransactionSubscriber<never>>>();
  readonly #afterCommit = new Map<DomainEventName, Array<AfterCommitEffect<never>>>();

  /** `subscriber` runs inside the transaction of every `name` emitted, after the ones subscribed before it. */
  inTransaction<N extends DomainEventName>(name: N, subscriber: TransactionSubscriber<N>): void {
    this.#inTransaction.set(name, [
      ...(this.#inTransaction.get(name) ?? []),
      subscriber as TransactionSubscriber<never>,
    ]);
  }

  /** `effect` runs after the commit of every transaction that emitted `name`. */
  afterCommit<N extends DomainEventName>(name: N, effect: AfterCommitEffect<N>): void {
    this.#afterCommit.set(name, [...(this.#afterCommit.get(name) ?? []), effect as AfterCommitEffect<never>]);
  }

  async emit<N extends DomainEventName>(tx: Tx, name: N, event: DomainEvents[N]): Promise<void> {
    if (!isOpenTransaction(tx)) throw new Error(`The event ${name} was emitted outside an open transaction`);
    const subscribers = (this.#inTransaction.get(name) ?? []) as Array<TransactionSubscriber<N>>;
    const effects = (this.#afterCommit.get(name) ?? []) as Array<AfterCommitEffect<N>>;
    if (subscribers.length === 0 && effects.length === 0) {
      throw new Error(`The event ${name} has no subscriber: the app was composed without subscribeModuleEffects`);
    }
    for (const subscriber of subscribers) await subscriber(tx, event);
    for (const effect of effects) afterCommit(tx, () => effect(event));
  }
}

/** The process's bus: modules emit on it, the composition points (app, jobs, CLI) subscribe to it. */
export const domainEvents = new DomainEventBus();

/** Tells of `event` inside `tx`, the transaction of the change it describes. */
export const emit = <N extends DomainEventName>(tx: Tx, name: N, event: DomainEvents[N]): Promise<void> =>
  domainEvents.emit(tx, name, event);
