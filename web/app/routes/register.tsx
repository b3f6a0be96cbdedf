import { Anchor, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
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
  nameRules,
  newPasswordRules,
  optionalTextRules,
  phoneRules,
  showServerFieldErrors,
} from '../lib/auth/forms.ts';
import { completeSignIn } from '../lib/auth/sign-in.ts';
import { pageMeta } from '../lib/meta.ts';
import { heldBasket } from '../stores/basket.ts';
import { NewPasswordFields } from '../components/auth/NewPasswordFields.tsx';

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
      last_name: nameRules('Введите фамилию'),
      first_name: nameRules('Введите имя'),
      middle_name: optionalTextRules(100),
      company_name: optionalTextRules(200),
      phone_number: phoneRules,
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
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TextInput
              label="Фамилия"
              autoComplete="family-name"
              required
              key={form.key('last_name')}
              {...form.getInputProps('last_name')}
            />
            <TextInput
              label="Имя"
              autoComplete="given-name"
              required
              key={form.key('first_name')}
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label="Отчество"
              autoComplete="additional-name"
              key={form.key('middle_name')}
              {...form.getInputProps('middle_name')}
            />
            <TextInput
              label="Телефон"
              type="tel"
              autoComplete="tel"
              placeholder="+7 999 123-45-67"
              required
              key={form.key('phone_number')}
              {...form.getInputProps('phone_number')}
            />
          </SimpleGrid>
          <TextInput
            label="Компания"
            description="Для счетов на организацию"
            autoComplete="organization"
            key={form.key('company_name')}
            {...form.getInputProps('company_name')}
          />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
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
