import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * What every printed document of the shop shares (the bill, the УПД): the fonts, the sizes and lines, text in
 * boxes, and the rendering of a layout to bytes. Each document lays itself out (bill-pdf.ts, shipments/upd-pdf.ts).
 */

// DejaVu covers Cyrillic and ships through npm; resolved from this module, which works from the sources and from
// the server bundle alike (both sit under the repository, whose node_modules has the package).
const require = createRequire(import.meta.url);

interface Fonts {
  regular: fontkit.Font;
  bold: fontkit.Font;
}

let fontFiles: { regular: Buffer; bold: Buffer } | undefined;

function openFont(bytes: Buffer): fontkit.Font {
  const font = fontkit.create(bytes);
  if (!('layout' in font)) throw new Error('DejaVu Sans is a font collection, not a font');
  return font;
}

/**
 * Fresh fonts for one document, parsed from the files read once per process. A parsed fontkit font must never
 * serve two documents: it caches its glyphs with the characters they were first asked for, and writing a
 * document's subset asks for the parts of composite glyphs (Cyrillic «а», «е», «о», «В» are drawn from Latin
 * «a», «e», «o», «B») with none. The next document drawing a Latin «a» got that cached glyph, so its text layer
 * mapped it to no character: «Lada Vesta» read «L d  V st » (issue 26). Parsing is lazy and costs little
 * beside the layout.
 */
function fontsForOneDocument(): Fonts {
  fontFiles ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return { regular: openFont(fontFiles.regular), bold: openFont(fontFiles.bold) };
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

/** Renders `layout` on a new document of `options` (buffered pages, Russian) with fresh fonts; the PDF's bytes. */
export function renderPdf(options: PDFKit.PDFDocumentOptions, layout: (doc: Doc) => void): Promise<Buffer> {
  const { regular, bold } = fontsForOneDocument();
  const doc = new PDFDocument({ bufferPages: true, lang: 'ru-RU', ...options });
  // pdfkit's typings list only files and bytes as font sources; its runtime also takes a parsed font (anything
  // with `layout`), see PDFFontFactory.open.
  doc.registerFont(REGULAR, regular as unknown as Buffer);
  doc.registerFont(BOLD, bold as unknown as Buffer);
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
