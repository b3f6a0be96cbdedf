import { Anchor, Stack, Text, Title } from '../../ui/index.ts';
import type { NewsPreview } from '@detal/contract';
import { formatDate } from '@detal/contract/browser';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';
import classes from './NewsList.module.css';

interface NewsListProps {
  items: NewsPreview[];
  /** The heading level of each item's title under the section's own heading. */
  headingOrder: 2 | 3;
  /** Previews are left out in the narrow home-page column. */
  withPreview?: boolean;
}

/** News previews, newest first: date, title linking to the item, and its short text. */
export function NewsList({ items, headingOrder, withPreview = true }: NewsListProps) {
  return (
    <Stack component="ul" gap="md">
      {items.map((item) => (
        <li key={item.id}>
          <article>
            <Text size="xs" tone="muted" component="time" dateTime={item.published_at}>
              {formatDate(item.published_at)}
            </Text>
            <Title order={headingOrder} className={headingOrder === 2 ? classes.newsTitle : classes.newsTitleSmall}>
              <Anchor component={Link} to={paths.newsItem(item.slug)} inherit>
                {item.title}
              </Anchor>
            </Title>
            {withPreview && item.preview ? (
              <Text size="sm" tone="strong" className={classes.newsPreview}>
                {item.preview}
              </Text>
            ) : null}
          </article>
        </li>
      ))}
    </Stack>
  );
}
