import { saveNews } from '../../modules/content/store.ts';
import { AdminUsageError, optionalText, requiredText, type AdminCommand, type AdminValues } from '../admin.ts';
import { asCommand, readBodyFile } from '../content-input.ts';

/** `--published-at` as ISO 8601: a date (midnight UTC) or a date and time, with an offset or Z for a time. */
function publishedAt(values: AdminValues): Date | undefined {
  const text = optionalText(values, 'published-at')?.trim();
  if (text === undefined) return undefined;
  const date = new Date(text);
  if (
    !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(text) ||
    Number.isNaN(date.getTime())
  ) {
    throw new AdminUsageError(
      `--published-at: нужна дата или время в ISO 8601, например 2024-05-01 или 2024-05-01T09:00+03:00, а не «${text}»`,
    );
  }
  return date;
}

export const command: AdminCommand = {
  summary: 'создаёт или обновляет новость (/news/АДРЕС) из HTML-файла',
  usage: `Создаёт новость с этим адресом (slug) или обновляет её. HTML очищается перед сохранением (скрипты, стили,
фреймы, обработчики событий и ссылки javascript: удаляются). Без --preview анонсом становится начало текста. При
обновлении --image-url и --published-at сохраняют прежние значения, если не указаны; время публикации в будущем
скрывает новость до этого времени.

Запуск: npm run admin -- news-save --slug АДРЕС --title ЗАГОЛОВОК --file ТЕКСТ.html
          [--preview ТЕКСТ] [--image-url URL] [--published-at ISO-8601]

Пример: npm run admin -- news-save --slug postuplenie-mann --title "Поступление фильтров MANN" \\
          --file news.html --published-at 2024-05-01T09:00+03:00`,
  options: {
    slug: { type: 'string' },
    title: { type: 'string' },
    file: { type: 'string' },
    preview: { type: 'string' },
    'image-url': { type: 'string' },
    'published-at': { type: 'string' },
  },
  async run(values, { database, print }) {
    const slug = requiredText(values, 'slug');
    const title = requiredText(values, 'title');
    const when = publishedAt(values);
    const bodyHtml = await readBodyFile(requiredText(values, 'file'));
    const saved = await asCommand(() =>
      saveNews(database.db, {
        slug,
        title,
        bodyHtml,
        preview: optionalText(values, 'preview'),
        imageUrl: optionalText(values, 'image-url'),
        publishedAt: when,
      }),
    );
    print(`Новость ${saved.created ? 'создана' : 'обновлена'} (№ ${saved.id}): /news/${saved.slug}`);
  },
};
