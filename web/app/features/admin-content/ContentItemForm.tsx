import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { newsSaveRequestSchema, pageSaveRequestSchema, type AdminNews, type AdminPage } from '@detal/contract';
import { adminCall } from '../admin-shell/admin-caller.ts';
import { paths } from '../../paths.ts';
import { formFailure } from '../admin-shell/form-errors.ts';
import { jsonWriteAction, useJsonWrite } from '../admin-shell/json-write.ts';
import { SaveStatus, type SaveResult } from '../admin-shell/SaveStatus.tsx';
import { SubmitButton } from '../admin-shell/SubmitButton.tsx';
import { ContentHtml } from '../content/ContentHtml.tsx';
import { RichTextField } from './RichTextField.tsx';

/**
 * A page's or news item's editor: the fields checked as typed by the contract's request schema, the body in the
 * rich-text editor, a preview of the body as the server will store it (sanitized), save, and publish or unpublish
 * (a checkbox saved with the rest). A new item gets its address (slug) here; a saved one keeps it.
 */

type Kind = 'page' | 'news';

interface Values {
  slug: string;
  title: string;
  content_html: string;
  published: boolean;
  meta_title: string;
  meta_description: string;
  preview: string;
  image_url: string;
}

const valuesOf = (kind: Kind, item: AdminPage | AdminNews | null): Values => ({
  slug: item?.slug ?? '',
  title: item?.title ?? '',
  content_html: item?.content_html ?? '',
  published: item?.published ?? true,
  meta_title: item && 'meta_title' in item ? item.meta_title : '',
  meta_description: item && 'meta_description' in item ? item.meta_description : '',
  preview: kind === 'news' && item && 'preview' in item ? item.preview : '',
  image_url: item && 'image_url' in item ? (item.image_url ?? '') : '',
});

const bodyOf = (kind: Kind, values: Values) =>
  kind === 'page'
    ? {
        slug: values.slug,
        title: values.title,
        content_html: values.content_html,
        published: values.published,
        meta_title: values.meta_title,
        meta_description: values.meta_description,
      }
    : {
        slug: values.slug,
        title: values.title,
        content_html: values.content_html,
        published: values.published,
        preview: values.preview,
        image_url: values.image_url.trim() === '' ? null : values.image_url,
      };

/** A page's or a news item's save, its route's action intent (admin-content-page.tsx, admin-content-news.tsx). */
const CONTENT_ITEM_SAVE = 'save';

/** The route action of a page's or a news item's screen: the save answers the saved item. */
export const contentItemAction = (kind: Kind, request: Request) =>
  jsonWriteAction(request, {
    [CONTENT_ITEM_SAVE]: async (body: never) =>
      kind === 'page'
        ? (await adminCall('page-save', { body, handles: [422] })).page
        : (await adminCall('news-save', { body, handles: [422] })).news,
  });

export function ContentItemForm({ kind, item }: { kind: Kind; item: AdminPage | AdminNews | null }) {
  const navigate = useNavigate();
  const schema = kind === 'page' ? pageSaveRequestSchema : newsSaveRequestSchema;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(kind, item),
    validate: (values) => schemaResolver(schema, { sync: true })(bodyOf(kind, values)),
    validateInputOnChange: true,
  });
  const [status, setStatus] = useState<SaveResult>(null);
  const write = useJsonWrite((answer) => {
    if (!answer.ok) {
      form.setErrors(answer.fields);
      setStatus({ ok: false, text: Object.values(answer.fields)[0] ?? answer.message });
      return;
    }
    const saved = answer.value as { id: number; published: boolean };
    setStatus({ ok: true, text: saved.published ? 'Сохранено и опубликовано' : 'Сохранено, не опубликовано' });
    form.resetDirty();
    if (!item) void navigate(kind === 'page' ? paths.adminContentPage(saved.id) : paths.adminContentNews(saved.id));
  });
  const saving = write.saving;
  const [preview, setPreview] = useState<string | null>(null);
  const values = form.getValues();
  const publicUrl = kind === 'page' ? `/articles/${values.slug}` : `/news/${values.slug}`;

  const save = form.onSubmit((current) => {
    setStatus(null);
    void write.submit(CONTENT_ITEM_SAVE, bodyOf(kind, current));
  });

  const showPreview = async () => {
    try {
      const answer = await adminCall('content-preview', {
        body: { content_html: form.getValues().content_html },
        handles: [422],
      });
      setPreview(answer.content_html);
    } catch (error) {
      setPreview(null);
      setStatus({ ok: false, text: formFailure(error).message });
    }
  };

  return (
    <form onSubmit={save} noValidate aria-label={kind === 'page' ? 'Страница' : 'Новость'}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={2}>
            <Anchor component={Link} to={paths.adminContent(kind === 'page' ? 'tab=pages' : 'tab=news')} fz="sm">
              ← {kind === 'page' ? 'Страницы' : 'Новости'}
            </Anchor>
            <Title order={1} fz="h3">
              {item ? item.title : kind === 'page' ? 'Новая страница' : 'Новая новость'}
            </Title>
          </Stack>
          {item?.published && (
            <Anchor href={publicUrl} target="_blank" fz="sm">
              Открыть на сайте ↗
            </Anchor>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
          <TextInput size="xs" label="Заголовок" {...form.getInputProps('title')} />
          <TextInput
            size="xs"
            label="Адрес"
            description={publicUrl}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            readOnly={item !== null}
            {...form.getInputProps('slug')}
          />
          {kind === 'page' ? (
            <>
              <TextInput size="xs" label="Meta-заголовок" {...form.getInputProps('meta_title')} />
              <TextInput size="xs" label="Meta-описание" {...form.getInputProps('meta_description')} />
            </>
          ) : (
            <>
              <TextInput size="xs" label="Анонс (пусто — начало текста)" {...form.getInputProps('preview')} />
              <TextInput size="xs" label="Картинка (адрес)" {...form.getInputProps('image_url')} />
            </>
          )}
        </SimpleGrid>
        <RichTextField
          label="Текст"
          value={values.content_html}
          onChange={(html) => form.setFieldValue('content_html', html)}
          error={form.errors.content_html as string | undefined}
        />
        <Checkbox label="Опубликовано (видно на сайте)" {...form.getInputProps('published', { type: 'checkbox' })} />
        <Group gap="sm">
          <SubmitButton size="xs" loading={saving}>
            Сохранить
          </SubmitButton>
          <Button size="xs" variant="default" onClick={() => void showPreview()}>
            Предпросмотр
          </Button>
          <SaveStatus status={status} />
        </Group>
        {preview !== null && (
          <Paper withBorder p="md" data-testid="content-preview">
            <Text fz="xs" c="gray.7" mb="xs">
              Так текст будет выглядеть на сайте (после очистки HTML сервером)
            </Text>
            <Title order={2} fz="h3" mb="sm">
              {values.title}
            </Title>
            <ContentHtml html={preview} />
          </Paper>
        )}
      </Stack>
    </form>
  );
}
