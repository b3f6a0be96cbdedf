import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '../../ui/index.ts';
import { useNavigate } from 'react-router';
import { searchPath } from '../search/ArticleSearch.tsx';
import { CartIcon } from '../../components/icons.tsx';
import classes from './basket.module.css';

/** The empty basket says so and offers the search right there. */
export function EmptyBasket() {
  const navigate = useNavigate();
  const [article, setArticle] = useState('');

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const path = searchPath(article);
    if (path) void navigate(path);
  };

  return (
    <Paper withBorder radius="md" className={classes.empty}>
      <Stack gap="sm">
        <Group gap="xs" className={classes.emptyHead}>
          <CartIcon size={28} />
          <Title order={2} className={classes.emptyTitle}>
            Корзина пуста
          </Title>
        </Group>
        <Text tone="dimmed">
          Найдите запчасть по артикулу: покажем предложения всех брендов и аналоги, добавить в корзину можно прямо из
          результатов поиска.
        </Text>
        <form onSubmit={search} aria-label="Поиск запчастей по артикулу">
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label="Артикул"
              placeholder="Например, OC 90"
              value={article}
              onChange={(event) => setArticle(event.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
            />
            <Button type="submit">Найти</Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
