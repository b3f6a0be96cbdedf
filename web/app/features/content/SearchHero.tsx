import { Anchor, Button, Group, Paper, Text, TextInput, Title } from '../../ui/index.ts';
import { Link } from 'react-router';
import { searchPath, useSearchForm } from '../search/ArticleSearch.tsx';

/** Articles people search for most in the demo shop: one click shows what a search answers. */
const EXAMPLES = ['OC 90', 'W 712/75', '06A 115 561 B', 'BKR6E', 'GDB1550'];

/** The home page's call to action: the page's heading and a large article search with examples. */
export function SearchHero({ title }: { title: string }) {
  const form = useSearchForm();

  return (
    <Paper
      component="section"
      aria-labelledby="home-title"
      radius="md"
      p={{ base: 'md', md: 'xl' }}
      mb="xl"
      bg="blue.0"
      withBorder
      style={{ borderColor: 'var(--c-blue-2)' }}
    >
      <Title id="home-title" order={1} fz={{ base: 24, md: 32 }} lh={1.2}>
        {title}
      </Title>
      <Text mt={6} mb="md" maw={720} tone="strong">
        Введите номер детали в любом написании — покажем предложения всех брендов, аналоги по кросс-номерам, цены и
        сроки поставки.
      </Text>
      <form role="search" aria-label="Поиск запчасти по артикулу" {...form}>
        <Group gap="sm" wrap="nowrap" maw={720}>
          <TextInput
            name="article"
            type="search"
            size="md"
            placeholder="Номер детали, например W 712/75"
            aria-label="Номер детали"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            style={{ flex: 1 }}
          />
          <Button type="submit" size="md">
            Найти
          </Button>
        </Group>
      </form>
      <Group gap={8} mt="sm" align="baseline">
        <Text size="sm" tone="strong">
          Например:
        </Text>
        {EXAMPLES.map((article) => (
          <Anchor key={article} component={Link} to={searchPath(article)!} size="sm" ff="monospace">
            {article}
          </Anchor>
        ))}
      </Group>
    </Paper>
  );
}
