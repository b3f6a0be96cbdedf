import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { AppConfig } from '../config.ts';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /**
   * The Message-ID header (`<...@...>`); unset, nodemailer makes a random one. A message that may be sent again
   * (the notification outbox) gives a stable one, so that a repeat is recognisably the same message.
   */
  messageId?: string;
}

/** Where a message went: handed to the SMTP server, or written to the outbox folder. */
export type Delivery = { via: 'smtp'; messageId: string } | { via: 'outbox'; messageId: string; file: string };

/** The logger a send reports through (a request's, so that the line carries the request id). */
export interface MailLog {
  info: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
}

export interface Mailer {
  send(message: MailMessage, log: MailLog): Promise<Delivery>;
}

export type MailConfig = Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>;

export const OUTBOX_FOLDER = 'outbox';

/**
 * The shop's e-mail: nodemailer over SMTP_URL, or, with no SMTP configured (the embedded default), each message
 * as an .eml file in DATA_DIR/outbox plus a log line naming the file, so that a password reset works on a fresh
 * install. The log line never carries the body: a reset link is as good as a password for an hour.
 */
export function createMailer(config: MailConfig): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(config.dataDir, config.mailFrom);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpUrl, { from });
  return {
    async send(message, log) {
      const info = await transport.sendMail(message);
      log.info({ mail: { to: message.to, subject: message.subject, messageId: info.messageId } }, 'e-mail sent');
      return { via: 'smtp', messageId: info.messageId };
    },
  };
}

function outboxMailer(dataDir: string, from: string): Mailer {
  const folder = path.join(dataDir, OUTBOX_FOLDER);
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });
  return {
    async send(message, log) {
      const info = await transport.sendMail(message);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      // Sortable by time, unique within the millisecond.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info(
        { mail: { to: message.to, subject: message.subject, messageId: info.messageId, file } },
        'e-mail written to the outbox (SMTP_URL is not set)',
      );
      return { via: 'outbox', messageId: info.messageId, file };
    },
  };
}
