import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Resolves with the first message to `to` that arrives (or has arrived) after the mark `since`. */
  waitForMail(to: string, since?: number): Promise<ReceivedMail>;
  /** While on, every message is answered "451 try again later" and not kept (an SMTP server in trouble). */
  refuse(on: boolean): void;
  /**
   * While on, a message's data is read but not answered: the sender waits for the "250 OK". Let go, the messages
   * waiting are accepted (kept); a sender that hangs up before that delivered nothing, as with a real server.
   */
  hold(on: boolean): void;
  /** Messages read and waiting for their answer because of hold(). */
  heldCount(): number;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 and a free port that keeps every message it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let refusing = false;
  let holding = false;
  const held = new Map<string, () => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onClose(session) {
      // Hung up while waiting for the answer: nothing was delivered.
      held.delete(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing) {
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const accept = () => {
          const mailFrom = session.envelope.mailFrom;
          received.push({
            from: mailFrom ? mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        };
        if (holding) held.set(session.id, accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const find = (to: string, since: number) =>
    received.slice(since).find((mail) => mail.to.some((address) => address.toLowerCase() === to.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitForMail(to, since = 0) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No e-mail to ${to} within 10 s`)), 10_000);
        const check = () => {
          const mail = find(to, since);
          if (mail) {
            clearTimeout(timer);
            resolve(mail);
          } else {
            waiters.push(check);
          }
        };
        check();
      });
    },
    refuse(on) {
      refusing = on;
    },
    hold(on) {
      holding = on;
      if (!on) {
        const waiting = [...held.values()];
        held.clear();
        waiting.forEach((accept) => accept());
      }
    },
    heldCount: () => held.size,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
