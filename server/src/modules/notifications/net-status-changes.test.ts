import { describe, expect, it } from 'vitest';
import { netStatusChanges } from './render.ts';
import type { StatusChangeEntry } from './outbox.ts';

const at = (minute: number) => `2026-11-26T10:0${minute}:00.000Z`;

describe('netStatusChanges: a status e-mail tells where each line stands now', () => {
  it('folds the steps of one line into one entry, from its first status to its present one', () => {
    const changes: StatusChangeEntry[] = [
      { lineId: 1, from: 'new', to: 'in_work', at: at(1) },
      { lineId: 2, from: 'new', to: 'in_work', at: at(2) },
      { lineId: 1, from: 'in_work', to: 'ordered', at: at(3) },
      { lineId: 1, from: 'ordered', to: 'ready', at: at(4) },
    ];
    const present = new Map([
      [1, 'ready' as const],
      [2, 'in_work' as const],
    ]);
    expect(netStatusChanges(changes, present)).toEqual([
      { lineId: 1, from: 'new', to: 'ready', at: at(4) },
      { lineId: 2, from: 'new', to: 'in_work', at: at(2) },
    ]);
  });

  it('leaves out a line that is back where it started, and takes the present status over the last change', () => {
    const changes: StatusChangeEntry[] = [
      { lineId: 1, from: 'new', to: 'in_work', at: at(1) },
      { lineId: 1, from: 'in_work', to: 'new', at: at(2) },
      { lineId: 2, from: 'new', to: 'in_work', at: at(3) },
      { lineId: null, from: 'new', to: 'in_work', at: at(4) },
    ];
    // Line 2 moved on after the change was gathered: the e-mail says where it is now.
    const present = new Map([
      [1, 'new' as const],
      [2, 'canceled' as const],
    ]);
    expect(netStatusChanges(changes, present)).toEqual([
      { lineId: 2, from: 'new', to: 'canceled', at: at(3) },
      { lineId: null, from: 'new', to: 'in_work', at: at(4) },
    ]);
  });
});
