import type { ReactNode } from 'react';
import { Alert, Anchor, Group, Stack, Text, Title } from '../../ui/index.ts';
import { normalizeArticle } from '@detal/contract/browser';
import type { SearchResult } from '@detal/contract';
import { Link, useNavigation } from 'react-router';
import { PageIntro } from '../../components/PageIntro.tsx';
import { BrandChips } from './BrandChips.tsx';
import { GeneralInfo } from './GeneralInfo.tsx';
import { OfferList } from './OfferList.tsx';
import { SearchControls } from './SearchControls.tsx';
import { hasFilters, searchOptionsQuery } from './search-options.ts';
import type { SearchOptions } from './search-options.ts';
import { chipOf, displayArticle, splitGroups } from './search-text.ts';
import classes from './search.module.css';
import { paths } from '../../paths.ts';

interface FullResultProps {
  /** A result with `brand_name` set. */
  result: SearchResult;
  options: SearchOptions;
}

/** Said when the article was found only after swapping a wrong keyboard layout ('щс90' -> 'OC90'). */
export function LayoutSwapNotice({ result }: { result: SearchResult }) {
  if (normalizeArticle(result.article) === result.normalized_article) return null;
  return (
    <Alert color="yellow" variant="light" mb="md" maw={720} title="Исправили раскладку">
      По «{result.article}» ничего нет, показываем {result.normalized_article}: похоже, артикул набран в русской
      раскладке.
    </Alert>
  );
}

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <Stack component="section" gap="xs" aria-label={title}>
      <Title order={2} fz={{ base: 18, md: 20 }}>
        {title}{' '}
        <Text span inherit c="dimmed" fw={400}>
          {count}
        </Text>
      </Title>
      {children}
    </Stack>
  );
}

/** The full result of a brand's article: general info, requested offers first, then analogs under their own heading. */
export function FullResult({ result, options }: FullResultProps) {
  const navigation = useNavigation();
  const brandName = result.brand_name ?? '';
  const article = displayArticle(result);
  const chip = chipOf(result);
  const otherBrands = result.brands.filter((brand) => brand.brand_name !== result.brand_name);
  const { requested, analogs } = splitGroups(result.items);
  const filtered = hasFilters(options);
  const emptyText = (what: string) => (filtered ? `${what} с такими условиями нет: смягчите фильтры.` : `${what} нет.`);

  return (
    <>
      <PageIntro title={`${brandName} ${article}`}>{chip?.description || undefined}</PageIntro>
      <LayoutSwapNotice result={result} />
      <Stack gap="lg" className={navigation.state === 'loading' ? classes.pending : undefined}>
        <GeneralInfo brandName={brandName} article={article} chip={chip} requested={requested} />
        {otherBrands.length > 0 ? (
          <Stack gap={6}>
            <Group gap="xs" justify="space-between">
              <Text size="sm" fw={600}>
                Этот артикул есть и у других брендов
              </Text>
              <Anchor
                component={Link}
                to={paths.searchArticle(result.normalized_article, searchOptionsQuery(options))}
                size="sm"
              >
                Все бренды с артикулом {article}
              </Anchor>
            </Group>
            <BrandChips
              chips={otherBrands}
              article={result.normalized_article}
              options={options}
              compact
              label={`Другие бренды с артикулом ${article}`}
            />
          </Stack>
        ) : null}
        <SearchControls key={searchOptionsQuery(options)} options={options} />
        <Section title={`Предложения ${brandName} ${article}`} count={requested.length}>
          {requested.length > 0 ? (
            <OfferList items={requested} label={`Предложения ${brandName} ${article}`} />
          ) : (
            <Text c="dimmed">
              {chip && chip.offers_count > 0
                ? emptyText('Предложений')
                : 'Этот артикул сейчас не продаётся: посмотрите аналоги.'}
            </Text>
          )}
        </Section>
        <Section title="Аналоги" count={analogs.length}>
          {analogs.length > 0 ? (
            <OfferList items={analogs} label={`Аналоги ${brandName} ${article}`} />
          ) : (
            <Text c="dimmed">{emptyText('Аналогов')}</Text>
          )}
        </Section>
      </Stack>
    </>
  );
}
