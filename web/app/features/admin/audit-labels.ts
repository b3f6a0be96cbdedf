/**
 * The audit log's codes (`entity.verb` actions, entity kinds) in Russian for the page; a code not named here (a
 * later module's) is shown as it is, so nothing recorded is ever hidden.
 */

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'staff.create': 'Создан из командной строки',
  'staff.invite': 'Приглашён',
  'staff.set_password': 'Задал пароль',
  'staff.change_password': 'Сменил пароль',
  'staff.sign_in': 'Вход',
  'staff.sign_out': 'Выход',
  'staff.block': 'Заблокирован',
  'staff.unblock': 'Разблокирован',
};

export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  staff: 'Сотрудник',
};

export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? action;
export const auditEntityLabel = (entity: string): string => AUDIT_ENTITY_LABELS[entity] ?? entity;
