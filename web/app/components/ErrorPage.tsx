import { Button, Code, Group, Stack, Text, Title } from '../ui/index.ts';
import { Link } from 'react-router';
import { errorStatus, errorTitle } from '../lib/error-status.ts';
import { paths } from '../paths.ts';
import classes from './ErrorPage.module.css';

const EXPLANATIONS = {
  notFound: 'Такой страницы нет: возможно, она была удалена или в адресе опечатка.',
  other: 'На сервере произошла ошибка. Попробуйте обновить страницу чуть позже.',
};

/** The error page of spec section 2: the status's title as the heading, a Russian line under it, a way home. */
export function ErrorPage({ error }: { error: unknown }) {
  const status = errorStatus(error);
  const debug = import.meta.env.DEV && error instanceof Error ? (error.stack ?? error.message) : null;
  return (
    <Stack gap="sm" align="flex-start" className={classes.error}>
      <Text tone="dimmed" size="sm" className={classes.status}>
        Ошибка {status}
      </Text>
      <Title order={1} className={classes.title}>
        {errorTitle(status)}
      </Title>
      <Text className={classes.explanation}>{status === 404 ? EXPLANATIONS.notFound : EXPLANATIONS.other}</Text>
      <Group className={classes.actions}>
        <Button component={Link} to={paths.home()}>
          На главную
        </Button>
      </Group>
      {debug ? (
        <Code block className={classes.debug}>
          {debug}
        </Code>
      ) : null}
    </Stack>
  );
}
