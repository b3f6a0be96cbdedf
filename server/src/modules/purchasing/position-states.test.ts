import { describe, expect, it } from 'vitest';
import {
  QUANTITY_CUT_REASON,
  positionQuantities,
  positionStatusMapSchema,
  type PositionStatusMap,
} from './position-states.ts';

const MAP: PositionStatusMap = {
  '1': { stage: 'ordered' },
  '2': { stage: 'confirmed' },
  '3': { stage: 'ready' },
  '4': { stage: 'refused', reason: 'Нет у поставщика' },
  '5': { stage: 'refused' },
};

const at = (statusCode: string, orderedQuantity = 5, currentQuantity = orderedQuantity) =>
  positionQuantities({ orderedQuantity, currentQuantity, statusCode, statusName: `Статус ${statusCode}` }, MAP);

describe('a position status as quantities (decision 0047)', () => {
  it('follows the stage of the status', () => {
    expect(at('1')).toEqual({
      ordered: 5,
      confirmed: 0,
      refused: 0,
      ready: 0,
      refusalReason: null,
      statusUnknown: false,
    });
    expect(at('2')).toMatchObject({ confirmed: 5, ready: 0, refused: 0 });
    expect(at('3')).toMatchObject({ confirmed: 5, ready: 5, refused: 0 });
    expect(at('4')).toMatchObject({ confirmed: 0, refused: 5, refusalReason: 'Нет у поставщика' });
    // A refusal without a reason of the map's own says the supplier's status name.
    expect(at('5')).toMatchObject({ refused: 5, refusalReason: 'Статус 5' });
  });

  it('refuses the quantity the supplier cut, whatever the status', () => {
    expect(at('2', 5, 3)).toMatchObject({ confirmed: 3, refused: 2, refusalReason: QUANTITY_CUT_REASON });
    expect(at('3', 5, 4)).toMatchObject({ confirmed: 4, ready: 4, refused: 1 });
    expect(at('1', 5, 0)).toMatchObject({ confirmed: 0, refused: 5 });
  });

  it('invents nothing for a status the map does not know', () => {
    expect(at('99')).toEqual({
      ordered: 5,
      confirmed: 0,
      refused: 0,
      ready: 0,
      refusalReason: null,
      statusUnknown: true,
    });
    // Names of Object.prototype are not statuses.
    expect(at('constructor').statusUnknown).toBe(true);
  });

  it('a map typed by the staff is checked', () => {
    expect(positionStatusMapSchema.safeParse({ '12': { stage: 'ready' } }).success).toBe(true);
    const wrong = positionStatusMapSchema.safeParse({ '12': { stage: 'delivered' } });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe('Этап: ordered, confirmed, ready или refused');
  });
});
