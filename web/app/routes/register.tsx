import { useState } from 'react';
import { Anchor, Button, Card, Checkbox, Stack, Text } from '../ui/index.ts';
import { Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/register';
import { AuthCard } from '../features/clients/AuthCard.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { afterSignInPath } from '../features/clients/forms.ts';
import { FOR_COMPANY_FIELD, PAYER_PREFIX, registrationAction } from '../features/clients/registration-action.ts';
import { PayerFields } from '../features/payers/PayerFields.tsx';
import { pageMeta } from '../lib/meta.ts';
import { registerOnServer } from '../features/clients/sign-in-action.server.ts';
import { ContactFields } from '../features/clients/ContactFields.tsx';
import { NewPasswordFields } from '../features/clients/NewPasswordFields.tsx';
import { EmailField } from '../features/clients/EmailField.tsx';
import { paths } from '../paths.ts';

export const handle = { access: 'guest' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () => pageMeta('Регистрация', 'Регистрация клиента магазина автозапчастей.');

// Sent before the scripts ran, or without them: the server signs in and sets the cookie (sign-in-action.server.ts).
export const action = ({ request, context }: Route.ActionArgs) => registerOnServer(request, context);

// Registration signs in: the token cookie and the basket ids are the browser's (spec sections 3, 9).
export const clientAction = ({ request }: Route.ClientActionArgs) => registrationAction(request);

export default function RegisterPage() {
  const [searchParams] = useSearchParams();
  const next = afterSignInPath(searchParams.get('next'));
  const result = useActionData<typeof clientAction | typeof action>();
  const errors = result?.errors;
  // Only the server's answer (a form sent without scripts) brings what was typed back: the page was new.
  const typed = result && 'values' in result ? result.values : undefined;
  const submitting = useNavigation().state === 'submitting';
  // «Я покупаю для организации» (issue 30): the payer's requisites, checked as the shop's own; off, nothing changes.
  const [forCompany, setForCompany] = useState(Boolean(errors?.payer));

  return (
    <AuthCard title="Регистрация" intro="Зарегистрируйтесь, чтобы оформлять заказы и получать счета.">
      <Form method="post" noValidate>
        <Stack gap="md">
          <ContactFields errors={errors} defaults={typed} />
          <EmailField error={errors?.email} defaultValue={typed?.email} />
          <NewPasswordFields label="Пароль" confirmLabel="Повторите пароль" errors={errors} />
          <Checkbox
            name={FOR_COMPANY_FIELD}
            label="Я покупаю для организации"
            description="Счета и закрывающие документы будут выписаны на организацию или ИП"
            checked={forCompany}
            onChange={(event) => setForCompany(event.currentTarget.checked)}
          />
          {forCompany ? (
            <Card withBorder radius="md" padding="md" component="fieldset" aria-label="Реквизиты плательщика">
              <PayerFields prefix={PAYER_PREFIX} errors={errors?.payer} />
            </Card>
          ) : null}
          <Button type="submit" fullWidth loading={submitting}>
            Зарегистрироваться
          </Button>
          <Text size="sm" align="center" tone="muted">
            Уже есть кабинет?{' '}
            <Anchor component={Link} underline="always" to={next === paths.home() ? paths.login() : paths.login(next)}>
              Войти
            </Anchor>
          </Text>
        </Stack>
      </Form>
    </AuthCard>
  );
}
