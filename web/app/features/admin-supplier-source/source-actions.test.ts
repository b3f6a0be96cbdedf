import { describe, expect, it } from 'vitest';
import { parseTimes, saveRequestOf } from './source-actions.ts';

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

describe('the source form', () => {
  it('reads times of day typed in any separators, and names a wrong one', () => {
    expect(parseTimes('6:00, 18:30;21:05')).toEqual({ times: ['06:00', '18:30', '21:05'], wrong: null });
    expect(parseTimes('06:00 25:00')).toEqual({ times: [], wrong: '25:00' });
  });

  it('turns the fields into the save request: an empty password keeps the stored one', () => {
    const request = saveRequestOf(
      formOf({
        url: ' https://supplier.example/price.csv ',
        auth_user: 'detal',
        auth_password: '',
        schedule: 'times',
        times: '06:00, 18:00',
        stale_policy: 'hide',
        max_age_days: '3',
        delimiter: 'tab',
        encoding: 'cp1251',
        columns: '',
        default_delivery: '2',
      }),
    );
    expect(request).toEqual({
      errors: null,
      body: {
        url: 'https://supplier.example/price.csv',
        auth_user: 'detal',
        every_hours: null,
        times: ['06:00', '18:00'],
        stale_policy: 'hide',
        max_age_days: 3,
        import_options: { delimiter: 'tab', encoding: 'cp1251', default_delivery: 2 },
      },
    });
    const cleared = saveRequestOf(
      formOf({ url: 'http://a.example/p.csv', schedule: 'every', every_hours: '6', clear_password: 'on' }),
    );
    expect(cleared.body).toMatchObject({
      auth_password: null,
      every_hours: 6,
      max_age_days: null,
      stale_policy: 'warn',
    });
  });

  it('refuses, before asking the server, a bad address, schedule or number, in Russian', () => {
    expect(
      saveRequestOf(formOf({ url: 'supplier.example', schedule: 'every', every_hours: '0', max_age_days: 'три' })),
    ).toEqual({
      body: null,
      errors: {
        url: 'Это не адрес: нужен полный адрес вида https://example.ru/price.csv',
        every_hours: 'Введите целое число часов, от 1',
        max_age_days: 'Введите целое число дней или оставьте пустым',
      },
    });
    expect(saveRequestOf(formOf({ url: 'https://a.example/p', schedule: 'times', times: '' })).errors).toEqual({
      times: 'Введите время загрузки, например 06:00, 18:00',
    });
  });
});
