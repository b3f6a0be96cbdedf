/** Russian phone numbers as clients type them, checked the same way by the server and the web's forms. */

export const INVALID_PHONE_MESSAGE = 'Введите российский номер телефона, например +7 999 123-45-67';

/**
 * A Russian phone number as people type it ('+7 999 123-45-67', '8 (999) 123 45 67', '7 999 1234567',
 * '999 123-45-67') as +7XXXXXXXXXX; null when it is not one (letters, another country code, a wrong length).
 */
export function normalizeRussianPhone(input: string): string | null {
  const text = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) return digits.length === 11 && digits.startsWith('7') ? `+${digits}` : null;
  if (digits.length === 11 && (digits.startsWith('8') || digits.startsWith('7'))) return `+7${digits.slice(1)}`;
  return digits.length === 10 ? `+7${digits}` : null;
}
