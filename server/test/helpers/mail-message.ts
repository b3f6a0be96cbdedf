/**
 * Reads what tests need from a raw e-mail (RFC 822, as an SMTP server receives it or as the outbox file holds
 * it): the decoded text/plain body, and the password reset link in it. Used by the server tests and the e2e
 * journey; only node built-ins, so that both can import it.
 */

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): MimePart {
  const text = raw.replace(/\r\n/g, '\n');
  const end = text.indexOf('\n\n');
  const head = end < 0 ? text : text.slice(0, end);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end < 0 ? '' : text.slice(end + 2) };
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

function findTextPart(part: MimePart): MimePart | null {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1, -1);
    for (const piece of pieces) {
      // The line break before a boundary belongs to the boundary (RFC 2046), not to the part.
      const found = findTextPart(splitPart(piece.replace(/^\n/, '').replace(/\n$/, '')));
      if (found) return found;
    }
    return null;
  }
  return /^text\/plain/i.test(type) ? part : null;
}

function leafParts(part: MimePart): MimePart[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((piece) => leafParts(splitPart(piece.replace(/^\n/, '').replace(/\n$/, ''))));
}

/** The decoded text/html body of a message. */
export function htmlBodyOf(raw: string): string {
  const part = leafParts(splitPart(raw)).find((leaf) => /^text\/html/i.test(leaf.headers.get('content-type') ?? ''));
  if (!part) throw new Error('The message has no text/html part');
  return decodeBody(part);
}

/** The attachments of a message: file name, content type and the decoded bytes. */
export function attachmentsOf(raw: string): Array<{ filename: string; contentType: string; content: Buffer }> {
  return leafParts(splitPart(raw))
    .filter((leaf) => /^attachment/i.test(leaf.headers.get('content-disposition') ?? ''))
    .map((leaf) => {
      const disposition = leaf.headers.get('content-disposition')!;
      const encoding = (leaf.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
      return {
        filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '',
        contentType: (leaf.headers.get('content-type') ?? '').split(';')[0]!.trim(),
        content: encoding === 'base64' ? Buffer.from(leaf.body.replace(/\s+/g, ''), 'base64') : Buffer.from(leaf.body),
      };
    });
}

/** The decoded text/plain body of a message. */
export function textBodyOf(raw: string): string {
  const part = findTextPart(splitPart(raw));
  if (!part) throw new Error('The message has no text/plain part');
  return decodeBody(part);
}

/** A header of the message (decoded only as far as tests need: the raw value). */
export const headerOf = (raw: string, name: string): string | undefined =>
  splitPart(raw).headers.get(name.toLowerCase());

/**
 * The Subject as a person reads it: RFC 2047 encoded words (nodemailer writes non-ASCII subjects as
 * `=?UTF-8?B?…?=` or `?Q?`, folded over lines) decoded and joined.
 */
export function subjectOf(raw: string): string {
  const value = headerOf(raw, 'subject') ?? '';
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** The password reset link in a message's text. */
export function resetLinkIn(raw: string): string {
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(textBodyOf(raw))?.[0];
  if (!link) throw new Error('The message carries no password reset link');
  return link;
}

/** The staff set-password link (an invitation) in a message's text. */
export function staffPasswordLinkIn(raw: string): string {
  const link = /https?:\/\/\S+\/admin\/set-password\?token=[A-Za-z0-9_-]+/.exec(textBodyOf(raw))?.[0];
  if (!link) throw new Error('The message carries no staff set-password link');
  return link;
}
