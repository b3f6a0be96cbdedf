import { headerOf } from '../../server/test/helpers/mail-message.ts';
import type { ReceivedMail, TestSmtpServer } from '../../server/test/helpers/smtp.ts';

/** The bytes of one RFC 2047 encoded word's text ('B' base64 or 'Q' quoted-printable). */
function encodedWordBytes(encoding: string, text: string): Buffer {
  if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64');
  const latin = text
    .replace(/_/g, ' ')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(latin, 'latin1');
}

/**
 * A header's text as a mail reader shows it: RFC 2047 encoded words (`=?UTF-8?B?…?=`, as nodemailer writes a
 * Russian subject) decoded, adjacent ones joined (the space between them is folding, not text).
 */
export function decodedHeader(raw: string, name: string): string {
  const value = headerOf(raw, name) ?? '';
  const word = /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi;
  let out = '';
  let pending: Buffer[] = [];
  let last = 0;
  for (const match of value.matchAll(word)) {
    const between = value.slice(last, match.index);
    if (pending.length > 0 && between.trim() !== '') {
      out += Buffer.concat(pending).toString('utf8');
      pending = [];
    }
    if (pending.length === 0) out += between;
    pending.push(encodedWordBytes(match[2]!, match[3]!));
    last = match.index + match[0].length;
  }
  out += Buffer.concat(pending).toString('utf8') + value.slice(last);
  return out;
}

/** Every message the test SMTP server received for `to` since the mark `since` (an index into `received`). */
export const mailsTo = (smtp: TestSmtpServer, to: string, since = 0): ReceivedMail[] =>
  smtp.received.slice(since).filter((mail) => mail.to.some((address) => address.toLowerCase() === to.toLowerCase()));

/**
 * Waits up to `timeoutMs` for a message to `to` whose decoded subject matches `subject`; answers the first one.
 * For the grouped status e-mails (sent a minute after the first change), longer than TestSmtpServer's 10 s wait.
 */
export async function waitForMailWithSubject(
  smtp: TestSmtpServer,
  to: string,
  subject: RegExp,
  timeoutMs = 20_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsTo(smtp, to).find((mail) => subject.test(decodedHeader(mail.raw, 'subject')));
    if (found) return found;
    if (Date.now() > deadline) {
      const subjects = mailsTo(smtp, to).map((mail) => decodedHeader(mail.raw, 'subject'));
      throw new Error(
        `No e-mail to ${to} with subject ${subject} within ${timeoutMs} ms; got: ${subjects.join(' | ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
