import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';

/** Test files: a temporary folder for import files, and XLSX workbooks written from rows. */

export interface TempFolder {
  /** Writes `content` to a file of that name in the folder and returns its path. */
  write(name: string, content: string | Buffer): Promise<string>;
  path(name: string): string;
  remove(): Promise<void>;
}

export async function createTempFolder(): Promise<TempFolder> {
  const folder = await mkdtemp(path.join(tmpdir(), 'detal-import-'));
  return {
    async write(name, content) {
      const file = path.join(folder, name);
      await writeFile(file, content);
      return file;
    },
    path: (name) => path.join(folder, name),
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, byte) => {
  let crc = byte;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zip archive of the given files, deflated, as Excel writes them (no Zip64, no data descriptors). */
export function zipArchive(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const packed = deflateRawSync(data);
    const crc = crc32(data);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, packed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);

    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const columnName = (index: number): string =>
  index < 26 ? String.fromCharCode(65 + index) : columnName(Math.floor(index / 26) - 1) + columnName(index % 26);

/** A cell of a test sheet: text (shared, or inline with `{ inline }`), a number as stored, or nothing. */
export type SheetCell = string | number | { inline: string } | { stored: string } | null;

/**
 * An XLSX workbook whose first sheet, named "Прайс", holds `rows` (row i is sheet row i + 1 unless `rowNumbers`
 * says otherwise). Texts go to the shared-strings table; `{ stored }` writes a number cell's text as given
 * (Excel's float noise, e.g. '99.990000000000009').
 */
export function buildXlsx(rows: readonly (readonly SheetCell[])[], rowNumbers?: readonly number[]): Buffer {
  const shared: string[] = [];
  const sharedIndex = new Map<string, number>();
  const sheetRows = rows.map((cells, rowIndex) => {
    const rowNumber = rowNumbers?.[rowIndex] ?? rowIndex + 1;
    const cellXml = cells.map((cell, columnIndex) => {
      const reference = `${columnName(columnIndex)}${rowNumber}`;
      if (cell === null) return '';
      if (typeof cell === 'number') return `<c r="${reference}"><v>${cell}</v></c>`;
      if (typeof cell === 'object' && 'stored' in cell) return `<c r="${reference}"><v>${cell.stored}</v></c>`;
      if (typeof cell === 'object') {
        return `<c r="${reference}" t="inlineStr"><is><t>${escapeXml(cell.inline)}</t></is></c>`;
      }
      let index = sharedIndex.get(cell);
      if (index === undefined) {
        index = shared.length;
        shared.push(cell);
        sharedIndex.set(cell, index);
      }
      return `<c r="${reference}" t="s"><v>${index}</v></c>`;
    });
    return `<row r="${rowNumber}">${cellXml.join('')}</row>`;
  });
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zipArchive({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="xml" ContentType="application/xml"/></Types>',
    'xl/workbook.xml':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${main}" xmlns:r="${relationships}">` +
      '<sheets><sheet name="Прайс" sheetId="1" r:id="rId7"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      `<Relationship Id="rId7" Type="${relationships}/worksheet" Target="worksheets/price.xml"/></Relationships>`,
    'xl/worksheets/price.xml':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${main}"><sheetData>` +
      `${sheetRows.join('')}</sheetData></worksheet>`,
    'xl/sharedStrings.xml':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="${main}" count="${shared.length}">` +
      `${shared.map((text) => `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`).join('')}</sst>`,
  });
}
