import { Anchor, Container, SimpleGrid, Stack, Text } from '../ui/index.ts';
import type { Template } from '@detal/contract';
import { SITE_NAME } from '../lib/meta.ts';
import { MenuLink } from '../components/MenuLink.tsx';
import { paths } from '../paths.ts';
import { CONTENT_WIDTH } from './SiteHeader.tsx';
import { telHref } from './phone.ts';

/** The footer from the shop's template; without one (the call failed) it shows just the shop's name. */
export function SiteFooter({ template }: { template: Template | null }) {
  const shop = template?.shop;
  const menu = template?.menu.footer ?? [];
  const name = shop?.name || SITE_NAME;

  return (
    <footer id="contacts-footer" style={{ borderTop: '1px solid var(--c-gray-3)', background: 'var(--c-gray-0)' }}>
      <Container size={CONTENT_WIDTH} py="lg">
        {shop ? (
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" mb="md">
            <Stack gap={4}>
              <Text fw={700}>{name}</Text>
              {shop.address ? <Text size="sm">{shop.address}</Text> : null}
              {shop.work_hours ? (
                <Text size="sm" c="dimmed">
                  {shop.work_hours}
                </Text>
              ) : null}
            </Stack>
            <Stack gap={4}>
              {shop.phone ? (
                <Anchor href={telHref(shop.phone)} fw={600}>
                  {shop.phone}
                </Anchor>
              ) : null}
              {shop.email ? (
                <Anchor href={`mailto:${shop.email}`} size="sm">
                  {shop.email}
                </Anchor>
              ) : null}
            </Stack>
            <Stack gap={4} component="nav" aria-label="Информация">
              <MenuLink entry={{ title: 'Каталог', url: paths.catalog() }} />
              {menu.map((entry) => (
                <MenuLink key={`${entry.url}-${entry.title}`} entry={entry} />
              ))}
            </Stack>
          </SimpleGrid>
        ) : null}
        <Text size="xs" c="dimmed">
          {`© ${name}`}
        </Text>
      </Container>
    </footer>
  );
}
