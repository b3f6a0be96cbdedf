import type { ReactNode } from 'react';
import { Anchor, List, Paper } from '../../ui/index.ts';
import classes from './search.module.css';
import { Link } from 'react-router';
import { PageIntro } from '../../components/PageIntro.tsx';
import { paths } from '../../paths.ts';

interface SearchNotFoundProps {
  /** The article as the visitor typed it. */
  article: string;
  /** Its normalized form, shown when it differs: what was actually looked up. */
  normalizedArticle: string | null;
  /** The brand asked for, if any. */
  brandName?: string | null;
  /** Why nothing could be searched (an article too long), instead of "nothing found". */
  problem?: string | null;
  children?: ReactNode;
}

/** The not-found state: what was searched, and what to try next. */
export function SearchNotFound({
  article,
  normalizedArticle,
  brandName = null,
  problem = null,
  children,
}: SearchNotFoundProps) {
  const searched = brandName ? `${brandName} ${article}` : article;
  return (
    <>
      <PageIntro title={`Ничего не найдено: ${searched}`}>
        {problem ?? (
          <>
            Мы искали «{searched}»
            {normalizedArticle && normalizedArticle !== article ? ` (без пробелов и знаков: ${normalizedArticle})` : ''}{' '}
            среди всех брендов и аналогов.
          </>
        )}
      </PageIntro>
      <div className={classes.notFound}>
        {children}
        <Paper withBorder className={classes.tips}>
          <p className={classes.tipsTitle}>Что попробовать</p>
          <List size="sm" spacing={4}>
            <List.Item>
              Проверьте артикул по каталогу или упаковке: буквы и цифры, пробелы и дефисы можно не набирать («OC 90»,
              «oc-90» и «OC90» — одно и то же).
            </List.Item>
            <List.Item>Поищите по номеру оригинала или аналога: мы покажем все взаимозаменяемые детали.</List.Item>
            <List.Item>
              Не нашли нужное —{' '}
              <Anchor component={Link} to={paths.contacts()}>
                напишите нам
              </Anchor>
              , подберём деталь под заказ.
            </List.Item>
          </List>
        </Paper>
      </div>
    </>
  );
}
