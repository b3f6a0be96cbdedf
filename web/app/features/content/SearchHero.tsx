import { Anchor, Button, TextInput } from '../../ui/index.ts';
import { Link } from 'react-router';
import { searchPath, useSearchForm } from '../search/ArticleSearch.tsx';
import classes from './SearchHero.module.css';

/** Articles people search for most in the demo shop: one click shows what a search answers. */
const EXAMPLES = ['OC 90', 'W 712/75', '06A 115 561 B', 'BKR6E', 'GDB1550'];

/** The home page's call to action: the page's heading and a large article search with examples. */
export function SearchHero({ title }: { title: string }) {
  const form = useSearchForm();

  return (
    <section aria-labelledby="home-title" className={classes.hero}>
      <h1 id="home-title" className={classes.title}>
        {title}
      </h1>
      <p className={classes.lead}>
        Введите номер детали в любом написании — покажем предложения всех брендов, аналоги по кросс-номерам, цены и
        сроки поставки.
      </p>
      <form role="search" aria-label="Поиск запчасти по артикулу" {...form}>
        <div className={classes.searchRow}>
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
        </div>
      </form>
      <div className={classes.examples}>
        <p className={classes.examplesLabel}>Например:</p>
        {EXAMPLES.map((article) => (
          <Anchor key={article} component={Link} to={searchPath(article)!} className={classes.example}>
            {article}
          </Anchor>
        ))}
      </div>
    </section>
  );
}
