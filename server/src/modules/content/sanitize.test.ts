import { describe, expect, it } from 'vitest';
import { plainTextOf, sanitizeContentHtml } from './sanitize.ts';

describe('sanitizeContentHtml', () => {
  it('drops scripts, styles, frames, objects and forms with their content', () => {
    const html =
      '<p>до</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://evil.example"></iframe>' +
      '<object data="x.swf"></object><embed src="x.swf"><form action="/steal"><input name="x"><textarea>t</textarea>' +
      '<select><option>o</option></select></form><noscript>n</noscript><svg><script>alert(2)</script></svg>' +
      '<template><p>t</p></template><p>после</p>';
    expect(sanitizeContentHtml(html)).toBe('<p>до</p><p>после</p>');
  });

  it('drops every event-handler and style attribute and keeps the allowed ones', () => {
    const html =
      '<p onclick="alert(1)" style="color:red" class="x" id="y">a</p>' +
      '<img src="/images/a.png" alt="Фильтр" onerror="alert(2)" width="100" loading="lazy">' +
      '<table><tr><td onmouseover="x()" colspan="2">c</td></tr></table>' +
      '<a href="/catalog" onfocus="x()" title="Каталог">k</a>';
    expect(sanitizeContentHtml(html)).toBe(
      '<p>a</p><img src="/images/a.png" alt="Фильтр" width="100" loading="lazy" />' +
        '<table><tr><td colspan="2">c</td></tr></table><a href="/catalog" title="Каталог">k</a>',
    );
  });

  it('drops javascript:, data: and other non-web URLs in every spelling, and protocol-relative ones', () => {
    const links = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'javascript&colon;alert(1)',
      '&#106;avascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
    ];
    for (const href of links) {
      expect(sanitizeContentHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
    expect(sanitizeContentHtml('<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="x">')).toBe('<img alt="x" />');
    expect(sanitizeContentHtml('<img src="javascript:alert(1)">')).toBe('<img />');
  });

  it('keeps headings, lists, tables, links and images', () => {
    const html =
      '<h2>Доставка</h2><h3>Сроки</h3><ul><li>один</li></ul><ol start="3"><li>три</li></ol>' +
      '<table><caption>Тарифы</caption><thead><tr><th scope="col">Способ</th><th>Цена</th></tr></thead>' +
      '<tbody><tr><td>Курьер</td><td colspan="2">350 ₽</td></tr></tbody></table>' +
      '<p><a href="https://detal.example/x">сайт</a> <a href="mailto:shop@detal.example">почта</a> ' +
      '<a href="tel:+74951234567">телефон</a> <strong>важно</strong> <em>курсив</em></p>' +
      '<figure><img src="https://detal.example/a.jpg" alt="Склад"><figcaption>Склад</figcaption></figure>';
    expect(sanitizeContentHtml(html)).toBe(html.replace('alt="Склад">', 'alt="Склад" />'));
  });

  it('turns h1 into h2, keeps target=_blank only with rel=noopener, and drops other targets', () => {
    expect(sanitizeContentHtml('<h1>Заголовок</h1>')).toBe('<h2>Заголовок</h2>');
    expect(sanitizeContentHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeContentHtml('<a href="/x" target="_top" rel="opener">x</a>')).toBe(
      '<a href="/x" rel="opener">x</a>',
    );
  });

  it('unwraps landmarks and unknown tags, keeping their text', () => {
    expect(sanitizeContentHtml('<main><nav>меню</nav><custom-tag>текст</custom-tag></main>')).toBe('менютекст');
  });

  it('escapes text so that it cannot become markup', () => {
    expect(sanitizeContentHtml('<p>1 &lt;script&gt; 2</p>')).toBe('<p>1 &lt;script&gt; 2</p>');
    expect(sanitizeContentHtml('<p>a < b</p>')).toBe('<p>a &lt; b</p>');
  });
});

describe('plainTextOf', () => {
  it('reads the text of blocks with spaces between them, without scripts, entities decoded', () => {
    expect(
      plainTextOf('<h2>Шины</h2><p>Зимние &amp; летние</p><script>x()</script><ul><li>R15</li><li>R16</li></ul>'),
    ).toBe('Шины Зимние & летние R15 R16');
    expect(plainTextOf('<p>a &amp;lt; b</p>')).toBe('a &lt; b');
  });
});
