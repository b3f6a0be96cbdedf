import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * What every printed document of the shop shares (the bill, the УПД, the УКД, the reconciliation act): the fonts,
 * the sizes and lines, text in boxes, the A4 page with its margins and numbered feet, and the rendering of a layout
 * to bytes. Each document lays itself out (bill-pdf.ts, shipments/upd-pdf.ts, shipments/ukd-pdf.ts,
 * ledger/reconciliation-pdf.ts).
 */

// DejaVu covers Cyrillic and ships through npm; resolved from this module, which works from the sources and from
// the server bundle alike (both sit under the repository, whose node_modules has the package).
const require = createRequire(import.meta.url);

/**
 * A face parsed once per process, with the shaped words of every document drawn in it. Parsing DejaVu's tables
 * (cmap, GSUB, GPOS) and shaping each word were most of a document's cost when every document had fresh fonts.
 */
interface Face {
  font: fontkit.Font;
  /** pdfkit's per-font cache of shaped words (text -> glyph run), shared by the documents; bounded below. */
  words: Record<string, unknown>;
}

/** Shaped words kept per face; past this the cache starts afresh, so a long-running server stays bounded. */
const WORDS_KEPT = 20_000;

let faces: { regular: Face; bold: Face } | undefined;

function openFace(path: string): Face {
  const font = fontkit.create(readFileSync(require.resolve(path)));
  if (!('layout' in font)) throw new Error('DejaVu Sans is a font collection, not a font');
  return { font, words: Object.create(null) as Record<string, unknown> };
}

/**
 * The faces for the next document. A fontkit font caches each glyph with the characters it was first asked for,
 * and writing a document's subset asks for the parts of composite glyphs (Cyrillic «а», «е», «о», «В» are drawn
 * from Latin «a», «e», «o», «B») with none: a later document drawing a Latin «a» got that glyph, and its text
 * layer mapped it to no character, «Lada Vesta» read «L d  V st » (issue 26). So the glyph cache is emptied
 * before every document; the shaped words kept hold glyphs made by shaping, which carry their characters. A
 * document is laid out and its subset written in one synchronous run (`renderPdf`), so documents rendered at the
 * same time never interleave on a face.
 */
function facesForNextDocument(): { regular: Face; bold: Face } {
  faces ??= {
    regular: openFace('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    bold: openFace('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  };
  for (const face of [faces.regular, faces.bold]) {
    (face.font as unknown as { _glyphs: Record<number, unknown> })._glyphs = {};
    if (Object.keys(face.words).length > WORDS_KEPT) face.words = Object.create(null) as Record<string, unknown>;
  }
  return faces;
}

export const REGULAR = 'regular';
export const BOLD = 'bold';

export const CELL_PADDING = 3;
export const TEXT_SIZE = 9;
export const SMALL_SIZE = 7;
export const TABLE_SIZE = 8;
export const THIN = 0.6;
export const THICK = 1.6;

export type Doc = PDFKit.PDFDocument;
export type Align = 'left' | 'center' | 'right';

/** Text in a box: wrapped to the box's width less the padding, from the box's top. */
export function textIn(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  options: { align?: Align; size?: number; bold?: boolean } = {},
) {
  doc
    .font(options.bold ? BOLD : REGULAR)
    .fontSize(options.size ?? TEXT_SIZE)
    .text(text, x + CELL_PADDING, y + CELL_PADDING, {
      width: width - 2 * CELL_PADDING,
      align: options.align ?? 'left',
    });
}

export function heightIn(
  doc: Doc,
  text: string,
  width: number,
  options: { size?: number; bold?: boolean } = {},
): number {
  return doc
    .font(options.bold ? BOLD : REGULAR)
    .fontSize(options.size ?? TEXT_SIZE)
    .heightOfString(text, { width: width - 2 * CELL_PADDING });
}

export function box(doc: Doc, x: number, y: number, width: number, height: number) {
  doc.lineWidth(THIN).rect(x, y, width, height).stroke();
}

/** A document's pages: A4 turned as `orientation`, `margin` points on every side, and the width left inside. */
export interface PageFrame {
  orientation: 'portrait' | 'landscape';
  margin: number;
  width: number;
  height: number;
  contentWidth: number;
}

/** A4 in points. */
const A4_SHORT_SIDE = 595.28;
const A4_LONG_SIDE = 841.89;

export function a4Frame(orientation: PageFrame['orientation'], margin: number): PageFrame {
  const [width, height] = orientation === 'portrait' ? [A4_SHORT_SIDE, A4_LONG_SIDE] : [A4_LONG_SIDE, A4_SHORT_SIDE];
  return { orientation, margin, width, height, contentWidth: width - 2 * margin };
}

/** Runs `draw` with no bottom margin: pdfkit must not start a page of its own for a line written near the foot. */
export function withoutBottomMargin(doc: Doc, draw: () => void) {
  const bottomMargin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  draw();
  doc.page.margins.bottom = bottomMargin;
}

/**
 * `text(page, count)` at the foot of every page, in grey type of `size`, right-aligned across the frame's content,
 * `lift` points above the bottom margin; run after the layout (the pages are buffered).
 */
export function drawPageFeet(
  doc: Doc,
  frame: PageFrame,
  { size, lift }: { size: number; lift: number },
  text: (page: number, count: number) => string,
) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = 0; index < count; index += 1) {
    doc.switchToPage(start + index);
    withoutBottomMargin(doc, () => {
      doc
        .font(REGULAR)
        .fontSize(size)
        .fillColor('#555555')
        .text(text(index + 1, count), frame.margin, frame.height - frame.margin - lift, {
          width: frame.contentWidth,
          align: 'right',
          lineBreak: false,
        });
    });
    doc.fillColor('black');
  }
}

/** Renders `layout` on the frame's pages (A4, its margins), with the document's `info`; the PDF's bytes. */
export function renderFramedPdf(
  frame: PageFrame,
  info: PDFKit.DocumentInfo,
  layout: (doc: Doc) => void,
): Promise<Buffer> {
  return renderPdf({ size: 'A4', layout: frame.orientation, margin: frame.margin, info }, layout);
}

/**
 * Renders `layout` on a new document of `options` (buffered pages, Russian) with the process's faces; the PDF's
 * bytes. Everything that touches the faces, the layout and the subsets written by `end`, runs synchronously here.
 */
function renderPdf(options: PDFKit.PDFDocumentOptions, layout: (doc: Doc) => void): Promise<Buffer> {
  const { regular, bold } = facesForNextDocument();
  const doc = new PDFDocument({ bufferPages: true, lang: 'ru-RU', ...options });
  // pdfkit's typings list only files and bytes as font sources; its runtime also takes a parsed font (anything
  // with `layout`), see PDFFontFactory.open.
  doc.registerFont(REGULAR, regular.font as unknown as Buffer);
  doc.registerFont(BOLD, bold.font as unknown as Buffer);
  // pdfkit makes a font object per document with an empty cache of shaped words; it gets the face's instead.
  for (const [name, face] of [
    [BOLD, bold],
    [REGULAR, regular],
  ] as const) {
    (doc.font(name) as unknown as { _font: { layoutCache?: Record<string, unknown> } })._font.layoutCache = face.words;
  }
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  layout(doc);
  doc.end();
  return finished;
}
