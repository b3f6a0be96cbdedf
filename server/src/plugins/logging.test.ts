import { describe, expect, it } from 'vitest';
import { redactSecrets, redactUrlSecrets } from './logging.ts';

describe('redactSecrets', () => {
  it('hides every password-, token- and key-like field at any depth, and nothing else', () => {
    const body = {
      email: 'a@example.ru',
      password: 'p1',
      password_confirmation: 'p2',
      current_password: 'p3',
      token: 't1',
      access_token: 't2',
      nested: [{ new_password: 'p4', basket_key: 'k', quantity: 2 }],
    };
    expect(redactSecrets(body)).toEqual({
      email: 'a@example.ru',
      password: '[Redacted]',
      password_confirmation: '[Redacted]',
      current_password: '[Redacted]',
      token: '[Redacted]',
      access_token: '[Redacted]',
      nested: [{ new_password: '[Redacted]', basket_key: '[Redacted]', quantity: 2 }],
    });
  });
});

describe('redactUrlSecrets', () => {
  it('hides the values of secret-named query parameters, keeping the rest as it came', () => {
    expect(redactUrlSecrets('/admin/set-password?token=abc')).toBe('/admin/set-password?token=[Redacted]');
    expect(redactUrlSecrets('/x?a=1&Token=abc&b=%D0%B0+b#t')).toBe('/x?a=1&Token=[Redacted]&b=%D0%B0+b#t');
    expect(redactUrlSecrets('/x?access%5Ftoken=abc&basket_key&q=oc+90')).toBe(
      '/x?access%5Ftoken=[Redacted]&basket_key=[Redacted]&q=oc+90',
    );
    expect(redactUrlSecrets('https://shop.example.ru/reset-password?token=abc')).toBe(
      'https://shop.example.ru/reset-password?token=[Redacted]',
    );
    expect(redactUrlSecrets('/search/OC%2090')).toBe('/search/OC%2090');
    expect(redactUrlSecrets('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
    expect(redactUrlSecrets(undefined)).toBeUndefined();
  });
});
