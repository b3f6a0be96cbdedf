import type { MailMessage } from '../../mail/mailer.ts';

/** The page of the web app that takes a reset token (spec section 2: /reset-password). */
export const RESET_PASSWORD_PATH = '/reset-password';

/** The link e-mailed for a reset: `${PUBLIC_URL}/reset-password?token=...`. */
export function resetLink(publicUrl: string, token: string): string {
  const url = new URL(RESET_PASSWORD_PATH, `${publicUrl}/`);
  url.searchParams.set('token', token);
  return url.toString();
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The reset e-mail in Russian, as plain text and HTML with the same words. */
export function resetPasswordMail(to: string, link: string, shopName: string): MailMessage {
  const intro = `Кто-то, возможно вы, попросил сменить пароль к личному кабинету в магазине «${shopName}».`;
  const action = 'Чтобы задать новый пароль, откройте ссылку в течение часа. Она сработает один раз.';
  const ignore = 'Если вы не просили сменить пароль, ничего не делайте: пароль останется прежним.';
  return {
    to,
    subject: `Смена пароля — ${shopName}`,
    text: ['Здравствуйте!', '', intro, action, '', link, '', ignore].join('\n'),
    html: [
      '<p>Здравствуйте!</p>',
      `<p>${escapeHtml(intro)}<br>${escapeHtml(action)}</p>`,
      `<p><a href="${escapeHtml(link)}">Задать новый пароль</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}
