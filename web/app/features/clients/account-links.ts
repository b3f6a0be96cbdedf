import { useRouteLoaderData } from 'react-router';
import { paths } from '../../paths.ts';

/** The client's own pages, in the order the header, the account tabs and the phone menu list them. */
export const ACCOUNT_LINKS = [
  { to: paths.account(), label: 'Профиль' },
  { to: paths.orders(), label: 'Мои заказы' },
  { to: paths.bills(), label: 'Счета', counted: true },
  { to: paths.returns(), label: 'Возвраты' },
] as const;

/** Bills awaiting payment, from the root loader (null for a visitor or when it could not be read). */
export const useAwaitingBills = (): number | null =>
  useRouteLoaderData<{ awaitingBills?: number | null }>('root')?.awaitingBills ?? null;

/** A link's accessible name: «Счета, 2 ждут оплаты». */
export const accountLinkName = (label: string, count: number | null) =>
  count ? `${label}, ${count} ${count === 1 ? 'ждёт' : 'ждут'} оплаты` : label;
