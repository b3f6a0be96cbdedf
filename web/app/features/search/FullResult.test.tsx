import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryRouter, useLocation, useParams } from 'react-router';
import type { SearchItem, SearchResult } from '@detal/contract';
import { renderRoutes } from '../../../test/render.tsx';
import { BrandChips } from './BrandChips.tsx';
import { FullResult } from './FullResult.tsx';
import { OfferList } from './OfferList.tsx';
import { readSearchOptions } from './search-options.ts';

const NBSP = '\u00A0';

const offer = (id: number, group: SearchItem['group'], fields: Partial<SearchItem>): SearchItem => ({
  id,
  article: 'OC 90',
  brand_name: 'KNECHT',
  description: 'Фильтр масляный',
  delivery: 2,
  supplier_name: 'Склад Север',
  delivery_probability: null,
  delivery_stats: null,
  price: 500,
  quantity: 3,
  weight: null,
  group,
  ...fields,
});

const result: SearchResult = {
  article: 'OC90',
  normalized_article: 'OC90',
  brand_name: 'KNECHT',
  brands: [
    {
      brand_name: 'KNECHT',
      article: 'OC 90',
      description: 'Фильтр масляный',
      offers_count: 2,
      min_price: 486.67,
      min_delivery: 1,
    },
    {
      brand_name: 'MAHLE',
      article: 'OC 90',
      description: 'Фильтр масла',
      offers_count: 1,
      min_price: 482,
      min_delivery: 3,
    },
  ],
  items: [
    offer(11, 'requested', { price: 486.67, delivery: 1, weight: 0.305, quantity: 161 }),
    offer(12, 'requested', { price: 1234.5, delivery: null, supplier_name: null, quantity: 0 }),
    offer(21, 'analog', { brand_name: 'MAHLE', price: 482, delivery: 3, supplier_name: 'Склад Юг' }),
  ],
};

/** The full result at its address; the page re-reads its options from the URL, as the route's loader does. */
function ResultPage() {
  const { search } = useLocation();
  return <FullResult result={result} options={readSearchOptions(new URLSearchParams(search))} />;
}

function Where() {
  const location = useLocation();
  const params = useParams();
  return (
    <p data-testid="where">
      {params.brand_name} {params.article} {location.search}
    </p>
  );
}

function renderResult(url: string) {
  return renderRoutes(
    [
      {
        path: '/search/:brand_name/:article',
        Component: () => (
          <>
            <ResultPage />
            <Where />
          </>
        ),
      },
      { path: '/search/:article', Component: Where },
    ],
    [url],
  );
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the full result', () => {
  it('shows the requested offers first, then the analogs under their own heading, in every column', async () => {
    renderResult('/search/KNECHT/OC90');
    expect(await screen.findByRole('heading', { level: 1, name: 'KNECHT OC 90' })).toBeTruthy();
    const requested = screen.getByRole('table', { name: 'Предложения KNECHT OC 90' });
    const analogs = screen.getByRole('table', { name: 'Аналоги KNECHT OC 90' });
    expect(screen.getByRole('heading', { level: 2, name: 'Предложения KNECHT OC 90 2' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Аналоги 1' })).toBeTruthy();
    // The requested table comes before the analogs in the document.
    expect(requested.compareDocumentPosition(analogs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const [first, second] = rowTexts(requested);
    // Large columns (brand, article), the middle layout's merged cell, description with the middle's supplier line,
    // supplier, delivery, stock, price, weight: CSS shows one layout's cells.
    expect(first?.slice(0, 9)).toEqual([
      'KNECHT',
      'OC 90',
      'KNECHTOC 90',
      'Фильтр масляныйСклад Север',
      'Склад Север',
      '1 дн.',
      `161${NBSP}шт.`,
      `486,67${NBSP}₽`,
      `0,305${NBSP}кг`,
    ]);
    expect(second?.slice(4, 9)).toEqual(['-', '-', 'нет', `1${NBSP}234,50${NBSP}₽`, '-']);
    expect(rowTexts(analogs).map((cells) => cells[0])).toEqual(['MAHLE']);
    // Offers in stock get the add-to-basket control; one out of stock says so.
    expect(within(requested).getAllByRole('button', { name: 'В корзину' })).toHaveLength(1);
    expect(within(requested).getByText('Нет в наличии')).toBeTruthy();
  });

  it('also renders each offer as a card for small screens', async () => {
    renderResult('/search/KNECHT/OC90');
    const card = await screen.findByRole('article', { name: `KNECHT OC 90, 486,67${NBSP}₽` });
    // getByText folds the no-break space into a plain one.
    expect(within(card).getByText('161 шт.')).toBeTruthy();
    expect(within(card).getByText('Склад Север')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('shows the general info on one line under the part as heading: description, weight, offers at a glance', async () => {
    renderResult('/search/KNECHT/OC90');
    const info = await screen.findByRole('region', { name: 'Общая информация' });
    const facts = within(info)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Описание', 'Фильтр масляный'],
      ['Вес', `0,305${NBSP}кг`],
      ['Предложения', `2${NBSP}предложения, от 486,67${NBSP}₽, срок от 1 дн.`],
    ]);
  });

  it('sorts by a column from its header, keeping the filters, and marks the column sorted by', async () => {
    renderResult('/search/KNECHT/OC90?in_stock=1');
    const requested = await screen.findByRole('table', { name: 'Предложения KNECHT OC 90' });
    const price = within(requested).getByRole('columnheader', { name: 'Цена' });
    expect(price.getAttribute('aria-sort')).toBe('ascending');
    expect(within(price).queryByRole('link')).toBeNull();
    const delivery = within(requested).getByRole('columnheader', { name: 'Срок' });
    expect(delivery.getAttribute('aria-sort')).toBeNull();
    fireEvent.click(within(delivery).getByRole('link', { name: 'Срок' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('KNECHT OC90 ?sort=delivery&in_stock=1'));
    const sorted = screen.getByRole('table', { name: 'Предложения KNECHT OC 90' });
    expect(within(sorted).getByRole('columnheader', { name: 'Срок' }).getAttribute('aria-sort')).toBe('ascending');
    expect(within(sorted).getByRole('link', { name: 'Цена' }).getAttribute('href')).toBe(
      '/search/KNECHT/OC90?in_stock=1',
    );
  });

  it('links the other brands of the article, keeping the sort and filters', async () => {
    renderResult('/search/KNECHT/OC90?sort=delivery&in_stock=1');
    const others = await screen.findByRole('list', { name: 'Другие бренды с артикулом OC 90' });
    const link = within(others).getByRole('link');
    expect(link.getAttribute('href')).toBe('/search/MAHLE/OC90?sort=delivery&in_stock=1');
    expect(link.textContent).toContain(`от 482,00${NBSP}₽`);
    expect(link.textContent).toContain('срок от 3 дн.');
    expect(screen.getByRole('link', { name: 'Все бренды с артикулом OC 90' }).getAttribute('href')).toBe(
      '/search/OC90?sort=delivery&in_stock=1',
    );
  });

  it('puts the sort and the filters into the URL query', async () => {
    renderResult('/search/KNECHT/OC90');
    fireEvent.click(await screen.findByRole('radio', { name: 'Быстрее' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('KNECHT OC90 ?sort=delivery'));

    fireEvent.click(screen.getByRole('checkbox', { name: 'Только в наличии' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('KNECHT OC90 ?sort=delivery&in_stock=1'));

    const days = screen.getByRole('textbox', { name: 'Срок до, дн.' });
    fireEvent.change(days, { target: { value: '3' } });
    fireEvent.blur(days);
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('KNECHT OC90 ?sort=delivery&in_stock=1&max_delivery=3'),
    );

    fireEvent.click(screen.getByRole('link', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('KNECHT OC90 ?sort=delivery'));
  });
});

describe('delivery probability', () => {
  const probable: SearchItem[] = [
    offer(31, 'requested', { delivery: 3, delivery_probability: 90 }),
    offer(32, 'requested', { delivery: 5, delivery_probability: null, supplier_name: 'Склад 2' }),
    offer(41, 'analog', { brand_name: 'MAHLE', delivery: 1, delivery_probability: 85, price: 480 }),
  ];
  const renderList = (items: SearchItem[], label: string) =>
    renderRoutes([{ path: '/', Component: () => <OfferList items={items} label={label} /> }], ['/']);

  it('shows the probability beside the delivery days in the table, for requested offers and analogs alike', async () => {
    renderList(probable.slice(0, 2), 'Предложения KNECHT OC 90');
    const table = await screen.findByRole('table', { name: 'Предложения KNECHT OC 90' });
    const [first, second] = rowTexts(table);
    // The delivery cell: days, then the probability (its words hidden from sight, for screen readers).
    expect(first?.[5]).toBe(`3 дн.Вероятность поставки 90${NBSP}%`);
    const shown = within(table).getByTitle('Вероятность поставки 90 %');
    expect(shown.textContent).toBe(`Вероятность поставки 90${NBSP}%`);
    expect(shown.getAttribute('title')).toBe(`Вероятность поставки 90${NBSP}%`);
    // None stated: the days alone, no empty title.
    expect(second?.[5]).toBe('5 дн.');
    expect(within(table).queryAllByTitle(/Вероятность поставки/)).toHaveLength(1);
  });

  it('shows it on analog rows and on the cards of small screens', async () => {
    renderList(probable, 'Аналоги KNECHT OC 90');
    const table = await screen.findByRole('table', { name: 'Аналоги KNECHT OC 90' });
    expect(rowTexts(table)[2]?.[5]).toBe(`1 дн.Вероятность поставки 85${NBSP}%`);
    const card = screen.getByRole('article', { name: `MAHLE OC 90, 480,00${NBSP}₽` });
    expect(within(card).getByTitle('Вероятность поставки 85 %').textContent).toBe(`Вероятность поставки 85${NBSP}%`);
    const cardWithout = screen.getAllByRole('article')[1]!;
    expect(within(cardWithout).queryByTitle(/Вероятность поставки/)).toBeNull();
    expect(within(cardWithout).getByText('5 дн.')).toBeTruthy();
  });
});

describe('stale price lists', () => {
  it('marks the offers of a stale list «Прайс устарел», in the table and on the cards, and no other', async () => {
    const items = [offer(51, 'requested', { stale: true }), offer(52, 'requested', { supplier_name: 'Склад 2' })];
    renderRoutes([{ path: '/', Component: () => <OfferList items={items} label="Предложения" /> }], ['/']);
    const table = await screen.findByRole('table', { name: 'Предложения' });
    const [stale, fresh] = within(table).getAllByRole('row').slice(1);
    expect(within(stale!).getByText('Прайс устарел')).toBeTruthy();
    expect(within(stale!).getByLabelText(/Прайс устарел\. Поставщик давно не обновлял прайс-лист/)).toBeTruthy();
    expect(within(fresh!).queryByText('Прайс устарел')).toBeNull();
    const [staleCard, freshCard] = screen.getAllByRole('article');
    expect(within(staleCard!).getByText('Прайс устарел')).toBeTruthy();
    expect(within(freshCard!).queryByText('Прайс устарел')).toBeNull();
  });
});

describe('«без возврата» (issue 32)', () => {
  it('marks the offers sold with no return, in the table and on the cards, and no other', async () => {
    const items = [offer(61, 'requested', { no_return: true }), offer(62, 'requested', { supplier_name: 'Склад 2' })];
    renderRoutes([{ path: '/', Component: () => <OfferList items={items} label="Предложения" /> }], ['/']);
    const table = await screen.findByRole('table', { name: 'Предложения' });
    const [strict, open] = within(table).getAllByRole('row').slice(1);
    expect(within(strict!).getByText('Без возврата')).toBeTruthy();
    expect(within(open!).queryByText('Без возврата')).toBeNull();
    const [strictCard, openCard] = screen.getAllByRole('article');
    expect(within(strictCard!).getByText('Без возврата')).toBeTruthy();
    expect(within(openCard!).queryByText('Без возврата')).toBeNull();
  });
});

describe('analogs and the part searched (issue 32)', () => {
  it('gives each analog the part searched to send with an add, and says how often it was bought and returned', async () => {
    const counted: SearchResult = {
      ...result,
      items: [
        ...result.items.slice(0, 2),
        offer(21, 'analog', {
          brand_name: 'MAHLE',
          supplier_name: 'Склад Юг',
          analog_stats: { purchases: 42, returns: 3 },
        }),
        offer(22, 'analog', { brand_name: 'FILTRON', article: 'OP 526' }),
      ],
    };
    renderRoutes(
      [
        {
          path: '/',
          Component: () => <FullResult result={counted} options={readSearchOptions(new URLSearchParams())} />,
        },
      ],
      ['/'],
    );
    const analogs = await screen.findByRole('table', { name: 'Аналоги KNECHT OC 90' });
    const forms = [...analogs.querySelectorAll('form')];
    expect(
      forms.map((form) => [
        form.querySelector<HTMLInputElement>('[name="analog_article"]')?.value,
        form.querySelector<HTMLInputElement>('[name="analog_brand"]')?.value,
      ]),
    ).toEqual([
      ['OC90', 'KNECHT'],
      ['OC90', 'KNECHT'],
    ]);
    const requested = screen.getByRole('table', { name: 'Предложения KNECHT OC 90' });
    expect(requested.querySelector('[name="analog_article"]')).toBeNull();
    expect(within(analogs).getByText('куплено 42 раза, возвратов 3')).toBeTruthy();
    // An analog never bought for this part says nothing.
    expect(within(analogs).getAllByTestId('analog-stats')).toHaveLength(1);
  });
});

describe('brand chips', () => {
  it('link every brand with its figures, and open one with the keys 1–9', async () => {
    renderRoutes(
      [
        {
          path: '/search/:article',
          Component: () => (
            <BrandChips
              chips={result.brands}
              article="OC90"
              options={{ sort: 'price', inStock: false, maxDelivery: null }}
              withHotkeys
              label="Бренды"
            />
          ),
        },
        { path: '/search/:brand_name/:article', Component: Where },
      ],
      ['/search/oc-90'],
    );
    const links = within(await screen.findByRole('list', { name: 'Бренды' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/search/KNECHT/OC90', '/search/MAHLE/OC90']);
    expect(links[0]?.textContent).toBe(`KNECHTOC 901Фильтр масляный2${NBSP}предложенияот 486,67${NBSP}₽срок от 1 дн.`);
    fireEvent.keyDown(document.documentElement, { key: '2', code: 'Digit2' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('MAHLE OC90 '));
  });
});

describe('offers grouped by part', () => {
  // Six offers of KNECHT OC 90 (in two written forms), four of MAHLE OC 90, one of MANN-FILTER W 712/75, by price.
  const items: SearchItem[] = [
    ...[1, 2, 3, 4, 5, 6].map((n) => offer(n, 'analog', { price: 100 * n, article: n % 2 ? 'OC 90' : 'OC-90' })),
    ...[7, 8, 9, 10].map((n) => offer(n, 'analog', { brand_name: 'MAHLE', price: 100 * n })),
    offer(11, 'analog', { brand_name: 'MANN-FILTER', article: 'W 712/75', price: 1100 }),
  ];
  const list = <OfferList items={items} label="Аналоги" />;
  /** Each part's rows (one tbody per part): its offers' prices, those behind «ещё N» marked. */
  const partRows = (table: HTMLElement) =>
    [...table.querySelectorAll('tbody')].map((part) =>
      [...part.querySelectorAll('tr')]
        .filter((row) => row.querySelector('button[aria-label="В корзину"]'))
        .map((row) => `${row.querySelectorAll('td')[7]?.textContent}${row.hasAttribute('data-extra') ? ' (ещё)' : ''}`),
    );

  it('shows the best three offers of a part and the rest behind «ещё N»; a part of four shows in full', async () => {
    renderRoutes([{ path: '/', Component: () => list }], ['/']);
    const table = await screen.findByRole('table', { name: 'Аналоги' });
    const price = (roubles: number) => `${roubles.toLocaleString('ru-RU')},00${NBSP}₽`;
    expect(partRows(table)).toEqual([
      [price(100), price(200), price(300), `${price(400)} (ещё)`, `${price(500)} (ещё)`, `${price(600)} (ещё)`],
      [price(700), price(800), price(900), price(1000)],
      [price(1100)],
    ]);
    // One toggle, for KNECHT's part, in each table layout's cell; it opens and closes the part in place.
    const toggles = within(table).getAllByRole('button', { name: /^Ещё/ });
    expect(toggles.map((toggle) => toggle.textContent)).toEqual([
      `Ещё 3${NBSP}предложения KNECHT OC 90`,
      `Ещё 3${NBSP}предложения KNECHT OC 90`,
    ]);
    const knecht = table.querySelectorAll('tbody')[0]!;
    expect(toggles[0]!.getAttribute('aria-controls')).toBe(knecht.id);
    expect(toggles[0]!.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggles[0]!);
    const close = within(knecht).getAllByRole('button', { name: /^Свернуть/ });
    expect(close[0]!.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(close[0]!);
    expect(within(knecht).getAllByRole('button', { name: /^Ещё/ })[0]!.getAttribute('aria-expanded')).toBe('false');
    // The cards of small screens are grouped the same way.
    const cards = screen.getAllByRole('article');
    expect(cards.filter((card) => card.hasAttribute('data-extra'))).toHaveLength(3);
  });

  it('links «ещё N» to its part before the scripts run, so that the page opens it as its target', () => {
    const router = createMemoryRouter([{ path: '/', Component: () => list }]);
    const html = renderToString(<RouterProvider router={router} />);
    const link = /<a href="#([^"]+)"[^>]*>Ещё 3/.exec(html);
    expect(link).not.toBeNull();
    expect(html).toContain(`<tbody id="${link![1]}"`);
    expect(html).not.toContain('aria-expanded');
  });
});

describe('delivery learned per supplier (issue 33)', () => {
  const renderList = (items: SearchItem[], label: string) =>
    renderRoutes([{ path: '/', Component: () => <OfferList items={items} label={label} /> }], ['/']);

  it('shows «обычно N дн., вовремя M %» under the delivery days, in the table and on the cards; nothing without figures', async () => {
    renderList(
      [
        offer(51, 'requested', { delivery: 3, delivery_stats: { median_days: 4, on_time_percent: 92, lines: 37 } }),
        offer(52, 'requested', { delivery: 5, supplier_name: 'Склад 2' }),
      ],
      'Предложения KNECHT OC 90',
    );
    const table = await screen.findByRole('table', { name: 'Предложения KNECHT OC 90' });
    const [first, second] = rowTexts(table);
    expect(first?.[5]).toBe(`3 дн.обычно 4${NBSP}дн., вовремя 92${NBSP}%`);
    expect(within(table).getByTitle('По 37 позициям, заказанным магазином у этого поставщика')).toBeTruthy();
    expect(second?.[5]).toBe('5 дн.');
    // On the cards of small screens: the one offer with figures, under its days.
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    const withStats = cards.filter((card) => card.querySelector('[data-delivery-stats]') !== null);
    expect(withStats).toHaveLength(1);
    expect(withStats[0]!.querySelector('[data-delivery-stats]')?.textContent).toBe(
      `обычно 4${NBSP}дн., вовремя 92${NBSP}%`,
    );
  });
});
