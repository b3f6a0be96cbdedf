import { STAFF_ROLE_LABELS, type StaffRole } from '@detal/contract';
import type { MailMessage } from '../../mail/mailer.ts';

/** The back office page that takes a set-password token. */
export const STAFF_SET_PASSWORD_PATH = '/admin/set-password';

/** `${PUBLIC_URL}/admin/set-password?token=...` */
export function staffPasswordLink(publicUrl: string, token: string): string {
  const url = new URL(STAFF_SET_PASSWORD_PATH.slice(1), `${publicUrl.replace(/\/+$/, '')}/`);
  url.searchParams.set('token', token);
  return url.toString();
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export interface Invitation {
  to: string;
  name: string;
  role: StaffRole;
  link: string;
  shopName: string;
  validDays: number;
}

/** The invitation in Russian, as plain text and HTML with the same words. */
export function invitationMail({ to, name, role, link, shopName, validDays }: Invitation): MailMessage {
  const intro = `Вас пригласили в панель управления магазина «${shopName}» с ролью «${STAFF_ROLE_LABELS[role]}».`;
  const action = `Чтобы задать пароль и войти, откройте ссылку в течение ${validDays} дней. Она сработает один раз.`;
  const ignore = 'Если вы не ждали этого письма, ничего не делайте.';
  return {
    to,
    subject: `Приглашение в панель управления — ${shopName}`,
    text: [`Здравствуйте, ${name}!`, '', intro, action, '', link, '', ignore].join('\n'),
    html: [
      `<p>Здравствуйте, ${escapeHtml(name)}!</p>`,
      `<p>${escapeHtml(intro)}<br>${escapeHtml(action)}</p>`,
      `<p><a href="${escapeHtml(link)}">Задать пароль</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}
