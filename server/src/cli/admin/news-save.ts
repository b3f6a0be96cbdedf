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
      `--published-at takes an ISO 8601 date or time, e.g. 2024-05-01 or 2024-05-01T09:00+03:00; got "${text}"`,
    );
  }
  return date;
}

export const command: AdminCommand = {
  summary: 'creates or updates a news item (/news/SLUG) from an HTML file',
  usage: `Creates the news item with that slug, or updates it. The HTML is sanitized before it is stored (scripts,
styles, frames, event handlers and javascript: links are removed). Without --preview the preview is the start
of the text. On an update, --image-url and --published-at keep their stored values unless given; a publication
time in the future hides the item until then.

Usage: npm run admin -- news-save --slug SLUG --title TITLE --file BODY.html
         [--preview TEXT] [--image-url URL] [--published-at ISO-8601]

Example: npm run admin -- news-save --slug postuplenie-mann --title "Поступление фильтров MANN" \\
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
    print(`News ${saved.created ? 'created' : 'updated'} (id ${saved.id}): /news/${saved.slug}`);
  },
};
