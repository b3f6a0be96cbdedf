import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '../ui/index.ts';
import type { ReactNode } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/contacts';
import { Crumbs } from '../features/content/Crumbs.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { telHref } from '../layouts/phone.ts';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';
import type { loader as rootLoader } from '../root.tsx';
import { paths } from '../paths.ts';
import classes from './contacts.module.css';

export const handle = { access: 'public' } satisfies AccessHandle;

// The shop's card is the template the root loader already read for the header and footer.
export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () =>
  pageMeta('Контакты', 'Контакты магазина автозапчастей «Деталь»: адрес, телефон, e-mail и часы работы.');

/** Phones are written in one setting; a comma or semicolon separates several. */
const phonesOf = (phone: string): string[] =>
  phone
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);

function ContactBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={2} size={5} className={classes.blockTitle}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

export default function ContactsPage() {
  const template = useRouteLoaderData<typeof rootLoader>('root')?.template;
  const shop = template?.shop;
  // The shop's own pages its menu links to (delivery, payment, returns): what a visitor asks about next.
  const guides = (template?.menu.footer ?? []).filter((entry) => entry.url.startsWith(`${paths.articles()}/`));
  return (
    <>
      <Crumbs items={[{ title: 'Главная', to: '/' }, { title: 'Контакты' }]} />
      <PageIntro title="Контакты">
        {shop?.name ? `Магазин автозапчастей «${shop.name}»: ` : ''}как с нами связаться и где забрать заказ.
      </PageIntro>
      {shop ? (
        <SimpleGrid cols={{ base: 1, md: 2, lg: 4 }} spacing="md">
          {shop.address ? (
            <ContactBlock title="Адрес">
              <Text component="address" weight={600} className={classes.address}>
                {shop.address}
              </Text>
              <Text size="sm" tone="strong" className={classes.note}>
                Пункт выдачи заказов и магазин.
              </Text>
            </ContactBlock>
          ) : null}
          {shop.phone ? (
            <ContactBlock title="Телефон">
              <Stack gap={2}>
                {phonesOf(shop.phone).map((phone) => (
                  <Anchor key={phone} href={telHref(phone)} className={classes.phone}>
                    {phone}
                  </Anchor>
                ))}
              </Stack>
            </ContactBlock>
          ) : null}
          {shop.email ? (
            <ContactBlock title="E-mail">
              <Anchor href={`mailto:${shop.email}`} className={classes.strongLink}>
                {shop.email}
              </Anchor>
              <Text size="sm" tone="strong" className={classes.note}>
                Ответим в рабочее время.
              </Text>
            </ContactBlock>
          ) : null}
          {shop.work_hours ? (
            <ContactBlock title="Часы работы">
              <Text weight={600}>{shop.work_hours}</Text>
            </ContactBlock>
          ) : null}
        </SimpleGrid>
      ) : (
        <Text tone="muted">Контакты магазина сейчас не загрузились. Обновите страницу чуть позже.</Text>
      )}
      {guides.length > 0 ? (
        <Card
          component="section"
          aria-labelledby="contacts-guides"
          withBorder
          radius="md"
          padding="md"
          className={classes.guides}
        >
          <Title id="contacts-guides" order={2} size={5} className={classes.blockTitle}>
            Полезно знать
          </Title>
          <Group gap="lg" component="ul">
            {guides.map((entry) => (
              <li key={entry.url}>
                <Anchor component={Link} to={entry.url} className={classes.strongLink}>
                  {entry.title}
                </Anchor>
              </li>
            ))}
          </Group>
        </Card>
      ) : null}
    </>
  );
}
