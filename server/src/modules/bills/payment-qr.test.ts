import { describe, expect, it } from 'vitest';
import { paymentPurpose, paymentQrPayload, qrModules, qrSvg, sanitizeQrValue } from './payment-qr.ts';
import { TEST_REQUISITES } from '../../../test/fixtures/bills.ts';

describe('payment QR payload (ГОСТ Р 56042-2014)', () => {
  it('lists the required requisites, then INN, KPP, the sum in kopecks and the purpose', () => {
    const payload = paymentQrPayload({
      requisites: TEST_REQUISITES,
      sumKopecks: 123_450,
      purpose: paymentPurpose(42, '01.03.2025'),
    });
    expect(payload).toBe(
      'ST00012|Name=ООО «Деталь-Тест»|PersonalAcc=40702810900000012345|BankName=ПАО «Тестбанк», г. Москва' +
        '|BIC=044525999|CorrespAcc=30101810400000000999|PayeeINN=7701234567|KPP=770101001|Sum=123450' +
        '|Purpose=Оплата по счёту № 42 от 01.03.2025',
    );
  });

  it('keeps the separator, line breaks and over-long text out of values', () => {
    const payload = paymentQrPayload({
      requisites: {
        ...TEST_REQUISITES,
        name: 'ООО «Труба|Ключ»\nфилиал',
        bank_name: 'Очень длинное название банка, которое не помещается в сорок пять знаков',
        settlement_account: '4070 2810 9000 0001 2345',
        kpp: '',
      },
      sumKopecks: 1,
      purpose: 'Оплата | по счёту',
    });
    const fields = payload.split('|');
    expect(fields[0]).toBe('ST00012');
    expect(fields).toContain('Name=ООО «Труба/Ключ» филиал');
    expect(fields).toContain('PersonalAcc=40702810900000012345');
    expect(fields).toContain('Purpose=Оплата / по счёту');
    expect(fields.find((field) => field.startsWith('BankName='))).toHaveLength('BankName='.length + 45);
    // A requisite the shop left empty is not sent at all.
    expect(fields.some((field) => field.startsWith('KPP='))).toBe(false);
    expect(fields.every((field) => field.includes('=') || field === 'ST00012')).toBe(true);
  });

  it('sanitizes a value on its own', () => {
    expect(sanitizeQrValue('  a|b \r\n c  ', 10)).toBe('a/b c');
    expect(sanitizeQrValue('абвгд', 3)).toBe('абв');
  });

  it('refuses a sum that is not whole kopecks', () => {
    expect(() => paymentQrPayload({ requisites: TEST_REQUISITES, sumKopecks: 1.5, purpose: 'x' })).toThrow(RangeError);
  });

  it('encodes the payload into a QR symbol and an SVG image', async () => {
    const payload = paymentQrPayload({ requisites: TEST_REQUISITES, sumKopecks: 100, purpose: 'Оплата' });
    const { size, isDark } = qrModules(payload);
    // Versions grow by 4 modules from 21; a payload of ~250 UTF-8 bytes needs more than the smallest.
    expect(size).toBeGreaterThan(21);
    expect((size - 21) % 4).toBe(0);
    // The finder pattern's corner module is dark, the separator beside it light.
    expect(isDark(0, 0)).toBe(true);
    expect(isDark(7, 7)).toBe(false);
    const svg = await qrSvg(payload);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 (\d+) \1"/);
  });
});
