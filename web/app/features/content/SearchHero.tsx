import { Anchor, Button, Group, Paper, Text, TextInput, Title } from '../../ui/index.ts';
import { Link } from 'react-router';
import { searchPath, useSearchForm } from '../search/ArticleSearch.tsx';
import classes from './home.module.css';

/** Articles people search for most in the demo shop: one click shows what a search answers. */
const EXAMPLES = ['OC 90', 'W 712/75', '06A 115 561 B', 'BKR6E', 'GDB1550'];

/** The home page's call to action: the page's heading and a large article search with examples. */
export function SearchHero({ title }: { title: string }) {
  const form = useSearchForm();

  return (
    <Paper component="section" aria-labelledby="home-title" radius="md" withBorder className={classes.hero}>
      <Title id="home-title" order={1} className={classes.heroTitle}>
        {title}
      </Title>
      <Text tone="strong" className={classes.heroLead}>
        Введите номер детали в любом написании — покажем предложения всех брендов, аналоги по кросс-номерам, цены и
        сроки поставки.
      </Text>
      <form role="search" aria-label="Поиск запчасти по артикулу" {...form}>
        <Group gap="sm" wrap="nowrap" className={classes.heroForm}>
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
      <Group gap={8} align="baseline" className={classes.examples}>
        <Text size="sm" tone="strong">
          Например:
        </Text>
        {EXAMPLES.map((article) => (
          <Anchor key={article} component={Link} to={searchPath(article)!} size="sm" className={classes.example}>
            {article}
          </Anchor>
        ))}
      </Group>
    </Paper>
  );
}
