import { Anchor, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/register';
import { AuthCard } from '../components/auth/AuthCard.tsx';
import { SubmitButton } from '../components/auth/SubmitButton.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { callShop } from '../lib/api/index.ts';
import {
  afterSignInPath,
  confirmationRules,
  emailRules,
  newPasswordRules,
  showServerFieldErrors,
} from '../lib/auth/forms.ts';
import { completeSignIn } from '../lib/auth/sign-in.ts';
import { pageMeta } from '../lib/meta.ts';
import { heldBasket } from '../stores/basket.ts';
import { ContactFields, contactRules } from '../components/auth/ContactFields.tsx';
import { NewPasswordFields } from '../components/auth/NewPasswordFields.tsx';
import { EmailField } from '../components/auth/EmailField.tsx';

export const handle = { access: 'guest' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () => pageMeta('Регистрация', 'Регистрация клиента магазина автозапчастей.');

const initialValues = {
  last_name: '',
  first_name: '',
  middle_name: '',
  company_name: '',
  phone_number: '',
  email: '',
  password: '',
  password_confirmation: '',
};

type RegistrationValues = typeof initialValues;
const FIELDS = Object.keys(initialValues);

export default function RegisterPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = afterSignInPath(searchParams.get('next'));
  const form = useForm<RegistrationValues>({
    mode: 'uncontrolled',
    initialValues,
    validate: {
      ...contactRules,
      email: emailRules,
      password: newPasswordRules,
      password_confirmation: confirmationRules,
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const { client } = await callShop('client-registration', { body: { ...values, ...heldBasket() } });
      await completeSignIn(client, false);
      await navigate(next, { replace: true });
    } catch (error) {
      showServerFieldErrors(form, FIELDS, error);
    }
  });

  return (
    <AuthCard title="Регистрация" intro="Зарегистрируйтесь, чтобы оформлять заказы и получать счета.">
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="md">
          <ContactFields form={form} />
          <EmailField form={form} />
          <NewPasswordFields form={form} label="Пароль" confirmLabel="Повторите пароль" />
          <SubmitButton fullWidth loading={form.submitting}>
            Зарегистрироваться
          </SubmitButton>
          <Text size="sm" ta="center" c="gray.7">
            Уже есть кабинет?{' '}
            <Anchor component={Link} to={next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`}>
              Войти
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
