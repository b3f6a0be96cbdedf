import { describe, expect, it } from 'vitest';
import { redactSecrets } from './logging.ts';

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
