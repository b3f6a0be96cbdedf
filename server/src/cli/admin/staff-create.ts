import type { z } from 'zod';
import { emailSchema, newPasswordSchema, PASSWORDS_MISMATCH_MESSAGE, staffRoleSchema } from '@detal/contract';
import { staffPasswordLink } from '../../modules/staff/invite-mail.ts';
import { findStaffByEmail } from '../../modules/staff/queries.ts';
import { STAFF_LINK_TTL_DAYS, createStaffMember } from '../../modules/staff/service.ts';
import { AdminCommandError, AdminUsageError, optionalText, requiredText, type AdminCommand } from '../admin.ts';

/** The first message of a failed zod check, for the command line. */
function checked<T>(schema: z.ZodType<T>, value: unknown, option: string): T {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new AdminUsageError(`--${option}: ${result.error.issues[0]?.message ?? 'недопустимое значение'}`);
  return result.data;
}

export const command: AdminCommand = {
  summary: 'создаёт учётную запись сотрудника панели управления',
  usage: `Создаёт учётную запись сотрудника для /admin. Пароль набирается в терминале (дважды, не отображается), или с
--link печатается одноразовая ссылка для установки пароля (действует ${STAFF_LINK_TTL_DAYS} дня). Первого
владельца проще создать по ссылке, которую магазин печатает при запуске, пока сотрудников нет. Роли: owner
(владелец: всё, включая сотрудников и настройки), manager (менеджер: заказы, платежи, клиенты), content_editor
(контент-редактор: страницы и новости).

Запуск: npm run admin -- staff-create --email E --role owner|manager|content_editor [--name ИМЯ] [--link]

Пример: npm run admin -- staff-create --email owner@example.ru --role owner --name "Анна Петрова"`,
  options: {
    email: { type: 'string' },
    role: { type: 'string' },
    name: { type: 'string' },
    link: { type: 'boolean', default: false },
  },
  async run(values, { database, config, print, readSecret }) {
    const email = checked(emailSchema, requiredText(values, 'email'), 'email');
    const role = checked(staffRoleSchema, requiredText(values, 'role'), 'role');
    const name = optionalText(values, 'name')?.trim() || email.split('@')[0]!;
    if (await findStaffByEmail(database.db, email)) throw new AdminCommandError(`Сотрудник ${email} уже есть`);
    let password: string | null = null;
    if (values.link !== true) {
      password = checked(newPasswordSchema, await readSecret('Пароль: '), 'password');
      if ((await readSecret('Пароль ещё раз: ')) !== password) throw new AdminCommandError(PASSWORDS_MISMATCH_MESSAGE);
    }
    const { member, linkToken } = await createStaffMember(
      database.db,
      null,
      { email, name, role, password },
      new Date(),
    );
    print(`Сотрудник № ${member.id} ${member.email} (${member.role}) создан`);
    if (linkToken) {
      print(
        `Ссылка для установки пароля (одна, на ${STAFF_LINK_TTL_DAYS} дня): ${staffPasswordLink(config.publicUrl, linkToken)}`,
      );
    } else {
      print(`Вход: ${config.publicUrl.replace(/\/+$/, '')}/admin/login`);
    }
  },
};
