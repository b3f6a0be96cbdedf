import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '@detal/contract/browser';
import type { AdminContent } from '@detal/contract';
import { adminCall } from '../admin-shell/admin-caller.ts';
import { paths } from '../../paths.ts';
import { useJsonWrite } from '../admin-shell/json-write.ts';
import { SaveStatus, type SaveResult } from '../admin-shell/SaveStatus.tsx';

/** The content screen's tables: pages, news (publish / unpublish in place), the menus and the home page's block. */

/** The content screen's writes, its route action's intents (admin-content.tsx). */
export const CONTENT_WRITES = {
  publish: 'content-publish',
  menus: 'menus-save',
  recommendations: 'recommendations-save',
} as const;

function PublishButton({ kind, id, published }: { kind: 'page' | 'news'; id: number; published: boolean }) {
  const write = useJsonWrite(() => undefined);
  return (
    <Button
      size="compact-xs"
      variant="default"
      loading={write.saving}
      onClick={() => void write.submit(CONTENT_WRITES.publish, { kind, id, published: !published })}
    >
      {published ? 'Снять с публикации' : 'Опубликовать'}
    </Button>
  );
}

const PublishedBadge = ({ published }: { published: boolean }) =>
  published ? (
    <Badge size="sm" color="green" variant="light">
      опубликовано
    </Badge>
  ) : (
    <Badge size="sm" color="gray" variant="light">
      черновик
    </Badge>
  );

export function PagesTable({ content }: { content: AdminContent }) {
  return (
    <Stack gap="xs">
      <Group>
        <Button component={Link} to={paths.adminContentPage('new')} size="xs">
          Новая страница
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={600}>
        <Table striped verticalSpacing={4} fz="sm" data-testid="content-pages">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Заголовок</Table.Th>
              <Table.Th>Адрес</Table.Th>
              <Table.Th>Изменена</Table.Th>
              <Table.Th>Статус</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {content.pages.map((page) => (
              <Table.Tr key={page.id}>
                <Table.Td>
                  <Anchor component={Link} to={paths.adminContentPage(page.id)} fz="sm">
                    {page.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>/articles/{page.slug}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(page.updated_at)}</Table.Td>
                <Table.Td>
                  <PublishedBadge published={page.published} />
                </Table.Td>
                <Table.Td ta="right">
                  <PublishButton kind="page" id={page.id} published={page.published} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export function NewsTable({ content }: { content: AdminContent }) {
  return (
    <Stack gap="xs">
      <Group>
        <Button component={Link} to={paths.adminContentNews('new')} size="xs">
          Новая новость
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={600}>
        <Table striped verticalSpacing={4} fz="sm" data-testid="content-news">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Заголовок</Table.Th>
              <Table.Th>Дата публикации</Table.Th>
              <Table.Th>Статус</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {content.news.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Anchor component={Link} to={paths.adminContentNews(item.id)} fz="sm">
                    {item.title}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.published_at)}</Table.Td>
                <Table.Td>
                  <PublishedBadge published={item.published} />
                </Table.Td>
                <Table.Td ta="right">
                  <PublishButton kind="news" id={item.id} published={item.published} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

type MenuLink = { title: string; url: string };

function MenuList({
  title,
  links,
  onChange,
  errors,
  prefix,
}: {
  title: string;
  links: MenuLink[];
  onChange: (links: MenuLink[]) => void;
  errors: Record<string, string>;
  prefix: string;
}) {
  const set = (index: number, change: Partial<MenuLink>) =>
    onChange(links.map((link, at) => (at === index ? { ...link, ...change } : link)));
  const move = (index: number, by: number) => {
    const next = [...links];
    const [link] = next.splice(index, 1);
    next.splice(index + by, 0, link!);
    onChange(next);
  };
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={600}>
        {title}
      </Text>
      {links.map((link, index) => (
        <Group key={index} gap={4} wrap="nowrap" align="flex-start">
          <TextInput
            size="xs"
            w={160}
            aria-label={`${title}: название пункта ${index + 1}`}
            value={link.title}
            error={errors[`${prefix}.${index}.title`]}
            onChange={(event) => set(index, { title: event.currentTarget.value })}
          />
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            aria-label={`${title}: адрес пункта ${index + 1}`}
            value={link.url}
            error={errors[`${prefix}.${index}.url`]}
            onChange={(event) => set(index, { url: event.currentTarget.value })}
          />
          <Button
            size="compact-xs"
            variant="subtle"
            aria-label="Выше"
            disabled={index === 0}
            onClick={() => move(index, -1)}
          >
            ↑
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            aria-label="Ниже"
            disabled={index === links.length - 1}
            onClick={() => move(index, 1)}
          >
            ↓
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            aria-label="Удалить пункт"
            onClick={() => onChange(links.filter((_, at) => at !== index))}
          >
            ✕
          </Button>
        </Group>
      ))}
      <Group>
        <Button size="compact-xs" variant="default" onClick={() => onChange([...links, { title: '', url: '/' }])}>
          Добавить пункт
        </Button>
      </Group>
    </Stack>
  );
}

export function MenusEditor({ content }: { content: AdminContent }) {
  const [header, setHeader] = useState(content.menu.header);
  const [footer, setFooter] = useState(content.menu.footer);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<SaveResult>(null);
  const write = useJsonWrite((answer) => {
    setErrors(answer.ok ? {} : answer.fields);
    setStatus(answer.ok ? { ok: true, text: 'Меню сохранены' } : { ok: false, text: answer.message });
  });
  const save = () => {
    setErrors({});
    void write.submit(CONTENT_WRITES.menus, { header, footer });
  };
  return (
    <Stack gap="sm" maw={800}>
      <MenuList title="Верхнее меню" links={header} onChange={setHeader} errors={errors} prefix="header" />
      <MenuList title="Нижнее меню" links={footer} onChange={setFooter} errors={errors} prefix="footer" />
      <Group gap="sm">
        <Button size="xs" onClick={() => void save()}>
          Сохранить меню
        </Button>
        <SaveStatus status={status} />
      </Group>
    </Stack>
  );
}

type Candidate = { brand: string; article: string; description: string; offers: number };

export function RecommendationsEditor({ content }: { content: AdminContent }) {
  const [items, setItems] = useState(content.recommendations);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Candidate[] | null>(null);
  const [status, setStatus] = useState<SaveResult>(null);
  const search = async () => {
    if (query.trim() === '') return;
    setFound((await adminCall('recommendation-candidates', { body: { article: query }, handles: [422] })).items);
  };
  const write = useJsonWrite((answer) =>
    setStatus(answer.ok ? { ok: true, text: 'Блок рекомендаций сохранён' } : { ok: false, text: answer.message }),
  );
  const save = () =>
    void write.submit(CONTENT_WRITES.recommendations, {
      items: items.map(({ brand, article }) => ({ brand, article })),
    });
  const has = (candidate: Candidate) =>
    items.some((item) => item.brand === candidate.brand && item.article === candidate.article);
  return (
    <Stack gap="sm" maw={900}>
      <Text fz="sm" c="gray.7">
        Товары блока «Рекомендуем» на главной странице, по порядку. Покупатель видит лучшее предложение каждого.
      </Text>
      <Table verticalSpacing={2} fz="sm" data-testid="recommendations">
        <Table.Tbody>
          {items.length === 0 && (
            <Table.Tr>
              <Table.Td c="gray.7">Блок пуст</Table.Td>
            </Table.Tr>
          )}
          {items.map((item, index) => (
            <Table.Tr key={`${item.brand}:${item.article}`}>
              <Table.Td w={30}>{index + 1}</Table.Td>
              <Table.Td>
                {item.brand} {item.article}
              </Table.Td>
              <Table.Td c="gray.7">{item.description}</Table.Td>
              <Table.Td w={120} ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-label="Выше"
                  disabled={index === 0}
                  onClick={() =>
                    setItems((list) => [
                      ...list.slice(0, index - 1),
                      list[index]!,
                      list[index - 1]!,
                      ...list.slice(index + 1),
                    ])
                  }
                >
                  ↑
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Убрать ${item.brand} ${item.article}`}
                  onClick={() => setItems((list) => list.filter((_, at) => at !== index))}
                >
                  ✕
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void search();
        }}
        aria-label="Поиск товара по артикулу"
      >
        <Group gap="xs" align="flex-end">
          <TextInput
            size="xs"
            label="Добавить товар: артикул"
            placeholder="например, OC 90"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
          <Button size="xs" variant="default" type="submit">
            Найти
          </Button>
        </Group>
      </form>
      {found && (
        <Table verticalSpacing={2} fz="sm" data-testid="recommendation-candidates">
          <Table.Tbody>
            {found.length === 0 && (
              <Table.Tr>
                <Table.Td c="gray.7">С таким артикулом предложений нет</Table.Td>
              </Table.Tr>
            )}
            {found.map((candidate) => (
              <Table.Tr key={candidate.brand}>
                <Table.Td>
                  {candidate.brand} {candidate.article}
                </Table.Td>
                <Table.Td c="gray.7">{candidate.description}</Table.Td>
                <Table.Td>предложений: {candidate.offers}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="compact-xs"
                    variant="default"
                    disabled={has(candidate)}
                    onClick={() => setItems((list) => [...list, candidate])}
                  >
                    {has(candidate) ? 'В блоке' : 'Добавить'}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group gap="sm">
        <Button size="xs" onClick={() => void save()}>
          Сохранить блок
        </Button>
        <SaveStatus status={status} />
      </Group>
    </Stack>
  );
}
