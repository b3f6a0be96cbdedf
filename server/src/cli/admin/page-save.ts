import { savePage } from '../../modules/content/store.ts';
import { optionalText, requiredText, type AdminCommand } from '../admin.ts';
import { asCommand, readBodyFile } from '../content-input.ts';

export const command: AdminCommand = {
  summary: 'creates or updates a static page (/articles/SLUG) from an HTML file',
  usage: `Creates the static page with that slug, or updates it (title, body and the meta texts given). The HTML is
sanitized before it is stored: scripts, styles, frames, event handlers and javascript: links are removed;
headings, paragraphs, lists, tables, links and images stay. Without --unpublished the page is published.

Usage: npm run admin -- page-save --slug SLUG --title TITLE --file BODY.html
         [--meta-title TEXT] [--meta-description TEXT] [--unpublished]

Example: npm run admin -- page-save --slug delivery --title "Доставка" --file delivery.html \\
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
      `Page ${saved.created ? 'created' : 'updated'} (id ${saved.id}): /articles/${saved.slug}` +
        (published ? '' : ' (unpublished: not shown in the shop)'),
    );
  },
};
