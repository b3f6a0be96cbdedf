import { z } from 'zod';
import { isExactMoney } from './money.ts';

/** An amount in roubles on the wire: a JSON number, >= 0, at most two decimals. */
export const moneySchema = z
  .number()
  .min(0, 'Сумма не может быть отрицательной')
  .refine(isExactMoney, 'Сумма должна содержать не более двух знаков после запятой')
  .meta({ description: 'Roubles, at most two decimals' });
