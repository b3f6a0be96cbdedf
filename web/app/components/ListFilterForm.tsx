import { Button, Group, TextInput } from '../ui/index.ts';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import classes from './ListFilterForm.module.css';

/**
 * A list's filters as a GET form: applying them is a navigation to the list's address with the filters in its
 * query, so a filtered list has its own address and starts again from page 1. `filtersKey` renews the fields when
 * the address changes; "Сбросить" goes back to `resetTo`.
 */
export function ListFilterForm({
  label,
  filtersKey,
  resetTo,
  children,
}: {
  label: string;
  filtersKey: string;
  resetTo: string;
  children: ReactNode;
}) {
  return (
    <Form method="get" key={filtersKey} aria-label={label}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        {children}
        <Group gap="xs">
          <Button type="submit" size="sm">
            Показать
          </Button>
          <Button component={Link} to={resetTo} variant="subtle" size="sm">
            Сбросить
          </Button>
        </Group>
      </Group>
    </Form>
  );
}

/** The "from" and "to" dates of a list's filters (`date_from`, `date_to`); the range's error shows under "to". */
export function DateRangeFields({ from, to, error }: { from: string | null; to: string | null; error: string | null }) {
  return (
    <>
      <TextInput
        type="date"
        name="date_from"
        label="Дата с"
        defaultValue={from ?? ''}
        className={classes.date}
        size="sm"
      />
      <TextInput
        type="date"
        name="date_to"
        label="Дата по"
        defaultValue={to ?? ''}
        error={error}
        className={classes.date}
        size="sm"
      />
    </>
  );
}
