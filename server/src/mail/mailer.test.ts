import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerOf, textBodyOf } from '../../test/helpers/mail-message.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/helpers/smtp.ts';
import { createMailer, OUTBOX_FOLDER, type MailLog, type MailMessage } from './mailer.ts';

const message: MailMessage = {
  to: 'client@example.ru',
  subject: 'Смена пароля — Деталь',
  text: 'Здравствуйте!\n\nСекретная ссылка: https://shop.example/reset-password?token=abc',
  html: '<p>Здравствуйте!</p>',
};

function capturingLog() {
  const lines: Array<{ level: 'info' | 'error'; details: object; message: string }> = [];
  const log: MailLog = {
    info: (details, text) => lines.push({ level: 'info', details, message: text }),
    error: (details, text) => lines.push({ level: 'error', details, message: text }),
  };
  return { log, lines };
}

describe('mailer without SMTP_URL: the outbox', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'detal-mail-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes the message as an .eml file in DATA_DIR/outbox, readable only by the owner, and logs where', async () => {
    const { log, lines } = capturingLog();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'Деталь <shop@detal.example>', dataDir });
    const delivery = await mailer.send(message, log);

    const files = await readdir(path.join(dataDir, OUTBOX_FOLDER));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const file = path.join(dataDir, OUTBOX_FOLDER, files[0]!);
    expect(delivery).toEqual({ via: 'outbox', messageId: expect.any(String), file });
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const raw = await readFile(file, 'utf8');
    expect(headerOf(raw, 'to')).toBe('client@example.ru');
    expect(headerOf(raw, 'from')).toContain('shop@detal.example');
    expect(textBodyOf(raw)).toBe(message.text);

    expect(lines).toEqual([
      {
        level: 'info',
        details: { mail: { to: message.to, subject: message.subject, messageId: delivery.messageId, file } },
        message: 'e-mail written to the outbox (SMTP_URL is not set)',
      },
    ]);
    // The body (a reset link is a credential) stays out of the log.
    expect(JSON.stringify(lines)).not.toContain('token=abc');
  });

  it('keeps one file per message', async () => {
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'shop@detal.example', dataDir });
    await Promise.all([mailer.send(message, capturingLog().log), mailer.send(message, capturingLog().log)]);
    expect(await readdir(path.join(dataDir, OUTBOX_FOLDER))).toHaveLength(3);
  });
});

describe('mailer with SMTP_URL', () => {
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });

  afterAll(async () => {
    await smtp.close();
  });

  it('hands the message to the SMTP server, from MAIL_FROM, and writes no outbox file', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'detal-mail-'));
    try {
      const { log, lines } = capturingLog();
      const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'Деталь <shop@detal.example>', dataDir });
      const delivery = await mailer.send(message, log);
      const mail = await smtp.waitForMail('client@example.ru');
      expect(mail.from).toBe('shop@detal.example');
      expect(textBodyOf(mail.raw)).toBe(message.text);
      expect(delivery).toEqual({ via: 'smtp', messageId: expect.any(String) });
      expect(lines.map((line) => line.message)).toEqual(['e-mail sent']);
      await expect(readdir(path.join(dataDir, OUTBOX_FOLDER))).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'shop@detal.example', dataDir: tmpdir() });
    await expect(mailer.send(message, capturingLog().log)).rejects.toThrow();
  });
});
