import sanitizeHtml from 'sanitize-html';

/**
 * What a page or news body may contain: text structure (headings, paragraphs, lists, tables, quotes, code),
 * links and images. Everything that runs code or changes the page around the body is dropped: scripts, styles,
 * iframes, objects, forms, event-handler and style attributes, `javascript:` and other non-web URLs.
 * Landmarks (main, nav, header, footer, aside) are unwrapped as well: the body sits inside the shop's own page
 * structure, and a second main or nav there confuses screen readers.
 */
const ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'blockquote',
  'pre',
  'div',
  'section',
  'article',
  'figure',
  'figcaption',
  'address',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'mark',
  'small',
  'sub',
  'sup',
  'abbr',
  'cite',
  'code',
  'kbd',
  'q',
  'span',
  'time',
  'del',
  'ins',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

const NON_TEXT_TAGS = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'textarea',
  'select',
  'option',
  'svg',
  'math',
  'title',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    abbr: ['title'],
    time: ['datetime'],
    ol: ['start', 'type', 'reversed'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  // `//host/x` would follow the page's scheme to any host; absolute and same-site relative URLs are enough.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with their content: what they hold is code, data or controls, never readable text.
  nonTextTags: NON_TEXT_TAGS,
  transformTags: {
    // The page's own title is its only h1.
    h1: 'h2',
    // A link that opens a new tab must not hand the opened page a handle on the shop's window.
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs: omit(attribs, 'target') },
  },
};

function omit(attribs: sanitizeHtml.Attributes, name: string): sanitizeHtml.Attributes {
  const { [name]: _dropped, ...rest } = attribs;
  return rest;
}

/** The body HTML as it may be stored and rendered: see ALLOWED_TAGS and OPTIONS above. */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

// Block ends become spaces, so that "<p>a</p><p>b</p>" reads "a b" rather than "ab".
const BLOCK_END = /<\/(?:p|div|li|dt|dd|h[1-6]|tr|td|th|blockquote|pre|figcaption)\s*>|<br\s*\/?>/gi;

/** The text of an HTML fragment with whitespace collapsed (for a preview written from a news body). */
export function plainTextOf(html: string): string {
  return (
    sanitizeHtml(html.replace(BLOCK_END, '$& '), { allowedTags: [], allowedAttributes: {}, nonTextTags: NON_TEXT_TAGS })
      // sanitize-html escapes these four in text; '&amp;' last, so that an escaped '&lt;' stays as written.
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
