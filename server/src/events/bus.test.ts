import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { schema, type Database, type Tx } from '../db/index.ts';
import { subscribeModuleEffects } from '../modules/subscribers.ts';
import { createTestDatabase, testDriver } from '../../test/helpers/db.ts';
import { DomainEventBus } from './bus.ts';

/** Rows of the probe table, written by the emitter and by its subscribers. */
async function notes(database: Database): Promise<string[]> {
  const found = await database.db.execute<{ note: string }>(sql`select note from event_probe order by id`);
  return found.rows.map((row) => row.note);
}

const write = (tx: Tx, note: string) => tx.execute(sql`insert into event_probe (note) values (${note})`);

const placed = { orderId: 7 };

describe(`domain events inside the transaction (${testDriver})`, () => {
  let database: Database;
  let bus: DomainEventBus;
  let effects: string[];

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table event_probe (id serial primary key, note text not null)`);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from event_probe`);
    bus = new DomainEventBus();
    effects = [];
  });

  it('runs the subscribers in order on the emitter’s transaction, and the after-commit effects once it committed', async () => {
    bus.inTransaction('OrderPlaced', (tx, event) => write(tx, `first ${event.orderId}`).then(() => {}));
    bus.inTransaction('OrderPlaced', (tx, event) => write(tx, `second ${event.orderId}`).then(() => {}));
    bus.afterCommit('OrderPlaced', async (event) => {
      // Another connection's view on PostgreSQL, the one connection on PGlite: either way, committed rows only.
      effects.push(`after commit ${event.orderId}: ${(await notes(database)).join(', ')}`);
    });

    await database.db.transaction(async (tx) => {
      await write(tx, 'the change');
      await bus.emit(tx, 'OrderPlaced', placed);
      expect(effects).toEqual([]);
    });

    expect(await notes(database)).toEqual(['the change', 'first 7', 'second 7']);
    expect(effects).toEqual(['after commit 7: the change, first 7, second 7']);
  });

  it('rolls the whole transaction back when a subscriber fails, and runs no after-commit effect', async () => {
    bus.inTransaction('OrderPlaced', (tx) => write(tx, 'outbox row').then(() => {}));
    bus.inTransaction('OrderPlaced', async () => {
      throw new Error('the audit log is full');
    });
    bus.afterCommit('OrderPlaced', () => {
      effects.push('forgotten');
    });

    await expect(
      database.db.transaction(async (tx) => {
        await write(tx, 'the change');
        await bus.emit(tx, 'OrderPlaced', placed);
      }),
    ).rejects.toThrow('the audit log is full');

    expect(await notes(database)).toEqual([]);
    expect(effects).toEqual([]);
  });

  it('runs no after-commit effect when the emitter’s transaction rolls back after the emit', async () => {
    bus.afterCommit('CatalogVisibilityChanged', () => {
      effects.push('forgotten');
    });

    await expect(
      database.db.transaction(async (tx) => {
        await bus.emit(tx, 'CatalogVisibilityChanged', { reason: 'brand' });
        throw new Error('the merge found a conflict');
      }),
    ).rejects.toThrow('the merge found a conflict');
    expect(effects).toEqual([]);

    await database.db.transaction(async (tx) => {
      await bus.emit(tx, 'CatalogVisibilityChanged', { reason: 'brand' });
    });
    expect(effects).toEqual(['forgotten']);
  });

  it('keeps a savepoint’s effects with it: dropped when it rolls back, run after the outer commit when released', async () => {
    bus.afterCommit('CatalogVisibilityChanged', (event) => {
      effects.push(event.reason);
    });

    await database.db.transaction(async (tx) => {
      await expect(
        tx.transaction(async (savepoint) => {
          await bus.emit(savepoint, 'CatalogVisibilityChanged', { reason: 'brand' });
          throw new Error('this part fails alone');
        }),
      ).rejects.toThrow('this part fails alone');
      await tx.transaction(async (savepoint) => {
        await bus.emit(savepoint, 'CatalogVisibilityChanged', { reason: 'staleness' });
      });
      expect(effects).toEqual([]);
    });

    expect(effects).toEqual(['staleness']);
  });

  it('refuses an emit outside an open transaction: the database itself, or a transaction that has ended', async () => {
    bus.inTransaction('OrderPlaced', (tx) => write(tx, 'outbox row').then(() => {}));

    await expect(bus.emit(database.db as unknown as Tx, 'OrderPlaced', placed)).rejects.toThrow(
      'The event OrderPlaced was emitted outside an open transaction',
    );
    let ended: Tx | undefined;
    await database.db.transaction(async (tx) => {
      ended = tx;
    });
    await expect(bus.emit(ended!, 'OrderPlaced', placed)).rejects.toThrow('outside an open transaction');
    expect(await notes(database)).toEqual([]);
  });

  it('refuses an event nobody subscribed to, rolling the emitter back: a composition point forgot its subscribers', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await write(tx, 'the change');
        await bus.emit(tx, 'PaymentRecorded', { billId: 1, amount: '10.00' });
      }),
    ).rejects.toThrow('The event PaymentRecorded has no subscriber');
    expect(await notes(database)).toEqual([]);
  });

  it('composes the modules’ subscribers once however many times a process asks (one audit row per write)', async () => {
    subscribeModuleEffects(bus);
    subscribeModuleEffects(bus);
    const at = new Date('2026-11-27T10:00:00.000Z');

    await database.db.transaction(async (tx) => {
      await bus.emit(tx, 'StaffWrite', {
        staffId: null,
        action: 'probe.write',
        entity: 'probe',
        entityId: 1,
        after: { note: 'once', password: 'never kept' },
        at,
      });
    });

    const rows = await database.db
      .select({ action: schema.auditLog.action, after: schema.auditLog.after })
      .from(schema.auditLog)
      .where(sql`${schema.auditLog.action} = 'probe.write'`);
    expect(rows).toEqual([{ action: 'probe.write', after: { note: 'once' } }]);
  });
});
