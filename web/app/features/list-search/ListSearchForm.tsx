import { Button, Group, SegmentedControl, Stack, Text, Textarea } from '../../ui/index.ts';
import { useRef } from 'react';
import { Form, useNavigation, useSubmit } from 'react-router';
import { LIST_SEARCH_FILE_MAX_BYTES, LIST_SEARCH_MAX_LINES } from '@detal/contract/browser';
import type { SearchSort } from '@detal/contract';
import classes from './list-search.module.css';

export const SORT_CHOICES = [
  { value: 'price', label: 'Лучшее по цене' },
  { value: 'delivery', label: 'Лучшее по сроку' },
];

const PLACEHOLDER = ['OC 90 KNECHT 2', '0986452041', 'W 712/75 MANN-FILTER', 'oc90;mahle;4'].join('\n');

interface ListSearchFormProps {
  text: string;
  sort: SearchSort;
  error: string | null;
}

/**
 * The list and the switch, one form posted to the route's action (it works without scripts). With scripts,
 * flipping the switch searches the same list again at once.
 */
export function ListSearchForm({ text, sort, error }: ListSearchFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const searching = useNavigation().state === 'submitting';
  return (
    <Form method="post" encType="multipart/form-data" ref={formRef} aria-label="Поиск по списку">
      <Stack gap="xs">
        <Textarea
          key={text}
          name="text"
          label="Список: артикул, бренд (необязательно), количество"
          description="По строке на позицию; через пробел, табуляцию или «;». Количество по умолчанию 1."
          placeholder={PLACEHOLDER}
          defaultValue={text}
          autosize
          minRows={5}
          maxRows={14}
          spellCheck={false}
          classNames={{ input: classes.listInput }}
          error={error}
        />
        <Group gap="sm" align="center" wrap="wrap">
          <label className={classes.fileLabel}>
            <Text span size="sm">
              или файл CSV / XLSX:
            </Text>{' '}
            <input type="file" name="file" accept=".csv,.txt,.xlsx,text/csv" className={classes.fileInput} />
          </label>
          <Text size="xs" tone="dimmed">
            до {LIST_SEARCH_MAX_LINES} строк, до {LIST_SEARCH_FILE_MAX_BYTES / 1024} КБ
          </Text>
        </Group>
        <Group gap="sm" justify="space-between" wrap="wrap">
          <SegmentedControl
            name="sort"
            size="xs"
            data={SORT_CHOICES}
            defaultValue={sort}
            aria-label="Какое предложение лучшее"
            onChange={() => {
              // The control's hidden radios change before this runs: the form sends the new value.
              if (formRef.current) void submit(formRef.current, { method: 'post', encType: 'multipart/form-data' });
            }}
          />
          <Button type="submit" loading={searching}>
            Найти
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
