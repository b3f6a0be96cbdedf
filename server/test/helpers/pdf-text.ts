import { PDFParse } from 'pdf-parse';

/**
 * The text layer of a PDF as a reader's copy-and-paste or an accountant's recognition software gets it
 * (pdf-parse, over Mozilla's pdf.js: pure JavaScript, so the tests need nothing but Node), page by page, with
 * no-break spaces read as spaces.
 */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const { pages } = await parser.getText();
    return pages.map((page) => page.text.replace(/\u00A0/g, ' '));
  } finally {
    await parser.destroy();
  }
}

/** The whole text layer, pages joined by a blank line. */
export const pdfText = async (bytes: Uint8Array): Promise<string> => (await pdfPages(bytes)).join('\n\n');
