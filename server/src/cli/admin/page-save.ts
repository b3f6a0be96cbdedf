import { savePage } from '../../modules/content/store.ts';
import { optionalText, requiredText, type AdminCommand } from '../admin.ts';
import { asCommand, readBodyFile } from '../content-input.ts';

export const command: AdminCommand = {
  summary: 'создаёт или обновляет страницу (/articles/АДРЕС) из HTML-файла',
  usage: `Создаёт страницу с этим адресом (slug) или обновляет её (заголовок, текст и указанные мета-тексты). HTML
очищается перед сохранением: скрипты, стили, фреймы, обработчики событий и ссылки javascript: удаляются;
заголовки, абзацы, списки, таблицы, ссылки и изображения остаются. Без --unpublished страница опубликована.

Запуск: npm run admin -- page-save --slug АДРЕС --title ЗАГОЛОВОК --file ТЕКСТ.html
          [--meta-title ТЕКСТ] [--meta-description ТЕКСТ] [--unpublished]

Пример: npm run admin -- page-save --slug delivery --title "Доставка" --file delivery.html \\
          --meta-description "Курьер по Москве и транспортные компании"`,
  options: {
    slug: { type: 'string' },
    title: { type: 'string' },
    file: { type: 'string' },
    'meta-title': { type: 'string' },
    'meta-description': { type: 'string' },
    unpublished: { type: 'boolean', default: false },
  },
  async run(values, { database, print }) {
    const slug = requiredText(values, 'slug');
    const title = requiredText(values, 'title');
    const bodyHtml = await readBodyFile(requiredText(values, 'file'));
    const published = values.unpublished !== true;
    const saved = await asCommand(() =>
      savePage(database.db, {
        slug,
        title,
        bodyHtml,
        metaTitle: optionalText(values, 'meta-title'),
        metaDescription: optionalText(values, 'meta-description'),
        published,
      }),
    );
    print(
      `Страница ${saved.created ? 'создана' : 'обновлена'} (№ ${saved.id}): /articles/${saved.slug}` +
        (published ? '' : ' (не опубликована: в магазине не видна)'),
    );
  },
};
