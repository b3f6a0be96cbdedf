import { Button, Code, Group, Stack, Text, Title } from '../ui/index.ts';
import { Link } from 'react-router';
import { errorStatus, errorTitle } from '../lib/error-status.ts';
import { paths } from '../paths.ts';

const EXPLANATIONS = {
  notFound: 'Такой страницы нет: возможно, она была удалена или в адресе опечатка.',
  other: 'На сервере произошла ошибка. Попробуйте обновить страницу чуть позже.',
};

/** The error page of spec section 2: the status's title as the heading, a Russian line under it, a way home. */
export function ErrorPage({ error }: { error: unknown }) {
  const status = errorStatus(error);
  const debug = import.meta.env.DEV && error instanceof Error ? (error.stack ?? error.message) : null;
  return (
    <Stack gap="sm" py={{ base: 'lg', md: 48 }} align="flex-start">
      <Text tone="dimmed" size="sm" ff="monospace">
        Ошибка {status}
      </Text>
      <Title order={1} fz={{ base: 26, md: 34 }}>
        {errorTitle(status)}
      </Title>
      <Text maw={620}>{status === 404 ? EXPLANATIONS.notFound : EXPLANATIONS.other}</Text>
      <Group mt="sm">
        <Button component={Link} to={paths.home()}>
          На главную
        </Button>
      </Group>
      {debug ? (
        <Code block w="100%" mt="md">
          {debug}
        </Code>
      ) : null}
    </Stack>
  );
}
