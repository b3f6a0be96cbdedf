import { Alert, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useMatches } from 'react-router';
import type { StaffRole } from '@detal/contract';
import { adminRoutes } from 'virtual:detal/endpoint-routes';
import { errorStatus, errorTitle } from '../../lib/error-status.ts';

/**
 * Who may open a back office page, said once in the page's `handle`: the roles of the endpoint that page reads
 * (the contract registry's, as the server checks them) and the words shown to anyone else. The admin layout
 * enforces it (admin.tsx): a member without the role gets `denied` instead of the page, and a 403 from any staff
 * call (the admin caller's policy) lands on the same words.
 */
export interface AdminSectionHandle {
  adminSection: { roles: readonly StaffRole[]; denied: string };
}

/** The endpoints that name their roles (every staff endpoint but those of signing in). */
type RoleEndpoint = {
  [K in keyof typeof adminRoutes]: (typeof adminRoutes)[K] extends { roles: readonly StaffRole[] } ? K : never;
}[keyof typeof adminRoutes];

export const adminSection = (endpoint: RoleEndpoint, denied: string): AdminSectionHandle => ({
  adminSection: { roles: (adminRoutes[endpoint] as { roles: readonly StaffRole[] }).roles, denied },
});

const isSectionHandle = (handle: unknown): handle is AdminSectionHandle =>
  typeof handle === 'object' && handle !== null && 'adminSection' in handle;

/** The open page's section rule (the deepest route that declares one), or null. */
export function useAdminSection(): AdminSectionHandle['adminSection'] | null {
  const declared = useMatches()
    .map((match) => match.handle)
    .filter(isSectionHandle);
  return declared.at(-1)?.adminSection ?? null;
}

/** What a member without the section's role sees, in the shell. */
export function SectionDenied({ text }: { text: string }) {
  return (
    <Stack gap="sm">
      <Title order={1} fz="h3">
        Нет доступа
      </Title>
      <Alert color="gray">{text}</Alert>
    </Stack>
  );
}

/** A page's failure inside the shell: a 403 is the section's words, anything else its status and a Russian line. */
export function SectionError({ error }: { error: unknown }) {
  const section = useAdminSection();
  if (isRouteErrorResponse(error) && error.status === 403) {
    return <SectionDenied text={section?.denied ?? 'Этот раздел недоступен вашей роли'} />;
  }
  const status = errorStatus(error);
  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.7" ff="monospace">
        Ошибка {status}
      </Text>
      <Title order={1} fz="h3">
        {errorTitle(status)}
      </Title>
      <Text size="sm">
        {status === 404
          ? 'Такой записи нет: возможно, она удалена или в адресе опечатка.'
          : 'На сервере произошла ошибка. Попробуйте обновить страницу чуть позже.'}
      </Text>
    </Stack>
  );
}
