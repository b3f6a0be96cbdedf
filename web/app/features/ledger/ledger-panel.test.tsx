import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { RECONCILIATION_PERIOD_MESSAGE } from '@detal/contract/browser';
import type { ClientLedger } from '@detal/contract';
import { renderRoutes } from '../../../test/render.tsx';
import { LedgerPanel } from './LedgerPanel.tsx';

const account = (id: number, name: string, overrides: Partial<ClientLedger['accounts'][number]> = {}) => ({
  id,
  client_id: 9,
  payer_id: id,
  name,
  balance: '-12000.00',
  debt: '12000.00',
  overdue: '2000.00',
  oldest_due: '2026-11-01',
  stop: null,
  credit_limit: '50000.00',
  available: '38000.00',
  open_debits: [
    { entry_id: 11, due_on: '2026-11-01', open: '2000.00', overdue: true },
    { entry_id: 12, due_on: '2026-12-01', open: '10000.00', overdue: false },
  ],
  ...overrides,
});

const render = (ledger: ClientLedger | null) =>
  renderRoutes([{ path: '/bills', Component: () => <LedgerPanel ledger={ledger} /> }], ['/bills']);

// Amounts are set with no-break spaces (formatKopecks); compared here with plain ones.
describe('LedgerPanel', () => {
  it('shows per payer the debt, the limit and what is left, overdue and coming payments with their days', () => {
    render({
      today: '2026-11-27',
      accounts: [
        account(3, 'ООО «Колесо»'),
        account(4, 'ИП Тихонов', {
          balance: '500.00',
          debt: '0.00',
          overdue: '0.00',
          credit_limit: null,
          available: null,
          open_debits: [],
        }),
      ],
    });
    const wheels = screen.getByRole('group', { name: 'Лицевой счёт: ООО «Колесо»' });
    expect(
      within(wheels)
        .getByText('Ваш долг')
        .nextSibling?.textContent?.replace(/\u00A0/g, ' '),
    ).toBe('12 000,00 ₽');
    expect(
      within(wheels)
        .getByText('Кредитный лимит')
        .nextSibling?.textContent?.replace(/\u00A0/g, ' '),
    ).toBe('50 000,00 ₽');
    expect(
      within(wheels)
        .getByText('Доступно по лимиту')
        .nextSibling?.textContent?.replace(/\u00A0/g, ' '),
    ).toBe('38 000,00 ₽');
    expect(
      within(wheels)
        .getByText('Просрочено')
        .nextSibling?.textContent?.replace(/\u00A0/g, ' '),
    ).toBe('2 000,00 ₽');
    expect(within(wheels).getByText('2 000,00 ₽ — срок оплаты был 01.11.2026')).toBeTruthy();
    expect(within(wheels).getByText('10 000,00 ₽ — оплатить до 01.12.2026')).toBeTruthy();
    expect(within(wheels).queryByRole('status')).toBeNull();
    const sole = screen.getByRole('group', { name: 'Лицевой счёт: ИП Тихонов' });
    expect(
      within(sole)
        .getByText('Аванс')
        .nextSibling?.textContent?.replace(/\u00A0/g, ' '),
    ).toBe('500,00 ₽');
    expect(
      within(sole)
        .getByText('Кредитный лимит')
        .nextSibling?.textContent?.replace(/\u00A0/g, ' '),
    ).toBe('не установлен');
    // Several payers: the act asks which.
    expect(screen.getByLabelText('Плательщик')).toBeTruthy();
  });

  it('a stopped ledger: the reason, what it means for the next order, and nothing left of the limit', () => {
    const stop = { kind: 'auto' as const, reason: 'Просроченный долг более 30 дн.', at: '2026-11-20T00:00:00.000Z' };
    // The server answers zero available while stopped (reads.ts); the card shows what it is told.
    render({ today: '2026-11-27', accounts: [account(3, 'ООО «Колесо»', { stop, available: '0.00' })] });
    const wheels = screen.getByRole('group', { name: 'Лицевой счёт: ООО «Колесо»' });
    expect(
      within(wheels)
        .getByText('Доступно по лимиту')
        .nextSibling?.textContent?.replace(/\u00A0/g, ' '),
    ).toBe('0,00 ₽');
    // The reason first, then what it means for the next order.
    expect(within(wheels).getByRole('status').textContent).toBe(
      'Просроченный долг более 30 дн. Новые заказы примем, но передадим в работу после оплаты долга.',
    );
  });

  it("the act's period starts on the first of the shop's month and ends on the shop's day, not the browser's", () => {
    render({ today: '2026-12-01', accounts: [account(3, 'ООО «Колесо»')] });
    const form = screen.getByRole('form', { name: 'Акт сверки' });
    expect((within(form).getByLabelText(/^С/) as HTMLInputElement).value).toBe('2026-12-01');
    expect((within(form).getByLabelText(/^По/) as HTMLInputElement).value).toBe('2026-12-01');
  });

  it('shows a reversed period on the form and does not send it', () => {
    render({ today: '2026-11-27', accounts: [account(3, 'ООО «Колесо»')] });
    const form = screen.getByRole('form', { name: 'Акт сверки' });
    expect(within(form).queryByLabelText('Плательщик')).toBeNull();
    fireEvent.change(within(form).getByLabelText(/^С/), { target: { value: '2026-11-30' } });
    fireEvent.change(within(form).getByLabelText(/^По/), { target: { value: '2026-11-01' } });
    expect(within(form).getByText(RECONCILIATION_PERIOD_MESSAGE)).toBeTruthy();
    expect((within(form).getByRole('button', { name: 'Скачать акт сверки' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows nothing while the client has no ledger', () => {
    const { container } = render({ today: '2026-11-27', accounts: [] });
    expect(container.querySelector('[data-ledger-panel]')).toBeNull();
  });
});
