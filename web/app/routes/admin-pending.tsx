import { useMatches } from 'react-router';
import type { Route } from './+types/admin-pending';
import { adminMeta } from '../features/admin/admin-meta.ts';
import { ADMIN_SECTIONS, UnderConstruction } from '../features/admin/AdminShell.tsx';

export const meta: Route.MetaFunction = () => adminMeta('Панель управления');

/** Orders, payments and clients of the back office: sections of later steps of issue 14. */
export default function AdminPendingSection() {
  const path = useMatches().at(-1)?.pathname ?? '';
  const title = ADMIN_SECTIONS.find((section) => section.to === path)?.label ?? 'Раздел';
  return <UnderConstruction title={title} />;
}
