import { describe, expect, it } from 'vitest';
import { canChangeLineStatus, ORDER_STATUSES } from '@detal/contract';
import { LINE_TRANSITIONS, transitionOf } from './order-status.ts';

describe('the table of line status moves', () => {
  it('allows exactly the moves the contract (and so the back office’s screens) allows', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (from === to) continue;
        const transition = transitionOf(from, to);
        const allowed = transition !== undefined && transition.guard === undefined;
        expect(allowed, `${from} → ${to}`).toBe(canChangeLineStatus(from, to));
      }
    }
  });

  it('knows every status, and cancels (only cancels) with the stock and bill effects', () => {
    for (const status of ORDER_STATUSES) {
      expect(LINE_TRANSITIONS.some((row) => row.from.includes(status))).toBe(true);
    }
    expect(transitionOf('ready', 'canceled')!.effects.map((effect) => effect.name)).toEqual([
      'returnPiecesToStock',
      'leaveTheBill',
    ]);
    // Issued lines are handed over: their shipment (УПД) is posted (decision 0053).
    expect(transitionOf('ready', 'issued')!.effects.map((effect) => effect.name)).toEqual(['tellIssued']);
    expect(transitionOf('ordered', 'new')!.effects).toEqual([]);
  });
});
