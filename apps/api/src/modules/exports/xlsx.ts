// The parts of an xlsx workbook, written as text so that sheets of any length can be streamed
// row by row into a zip (Office Open XML, SpreadsheetML). Text cells are inline strings, so nothing about the
// rows has to be remembered until the end; numbers are numbers; dates are Excel serial days with a date
// format. The header row is bold and frozen.

export type SheetCell = string | number | Date | null | undefined;

export interface SheetColumn {
  header: string;
  /** Width in characters. */
  width: number;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Cell styles, by their index in `cellXfs`. */
const STYLE = { header: 1, day: 2, moment: 3 } as const;

/** The longest text a cell holds in Excel. */
export const CELL_TEXT_LIMIT = 32_767;

// Characters XML 1.0 cannot carry at all (control characters but tab and line breaks, lone surrogates, and
// U+FFFE/U+FFFF) are left out; the three that markup gives meaning to are escaped.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML cannot hold
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const MARKUP = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function xmlText(text: string): string {
  const clean = text.replace(NOT_XML, '');
  return clean.replace(MARKUP, (char) => ENTITIES[char]!);
}

/** The most rows a sheet holds in Excel, its header included. */
export const SHEET_ROW_LIMIT = 1_048_576;

/**
 * The names of `count` sheets as Excel allows them (at most 31 characters, none of `[]:*?/\`, all different):
 * the name, then the name with (2), (3)...
 */
export function sheetNames(name: string, count: number): string[] {
  const base = name.replace(/[[\]:*?/\\]/g, ' ').trim() || 'Sheet';
  return Array.from({ length: count }, (_, index) => {
    const suffix = index === 0 ? '' : ` (${index + 1})`;
    return base.slice(0, 31 - suffix.length).trimEnd() + suffix;
  });
}

/** Where the `n`th sheet's XML goes in the package, from 1. */
export const sheetPart = (n: number) => `xl/worksheets/sheet${n}.xml`;

/** `A`, `B`, …, `Z`, `AA`, … for a column's index from 0. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

const MS_PER_DAY = 86_400_000;
/** Days from Excel's day 0 (1899-12-30, counting its 1900 leap day) to 1970-01-01. */
const UNIX_EPOCH_SERIAL = 25_569;

function dateCell(ref: string, date: Date): string {
  const ms = date.getTime();
  if (Number.isNaN(ms)) return '';
  const style = ms % MS_PER_DAY === 0 ? STYLE.day : STYLE.moment;
  return `<c r="${ref}" s="${style}"><v>${ms / MS_PER_DAY + UNIX_EPOCH_SERIAL}</v></c>`;
}

function cellXml(ref: string, value: SheetCell, style?: number): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
  if (value instanceof Date) return dateCell(ref, value);
  const text = xmlText(value.length > CELL_TEXT_LIMIT ? value.slice(0, CELL_TEXT_LIMIT) : value);
  const styled = style === undefined ? '' : ` s="${style}"`;
  return `<c r="${ref}"${styled} t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;
}

/** Writes the rows of one sheet, numbering them from the header's row 1. */
export class SheetRows {
  private readonly letters: string[];
  private next = 1;

  /** The rows written so far, the header included. */
  get count() {
    return this.next - 1;
  }

  constructor(width: number) {
    this.letters = Array.from({ length: width }, (_, index) => columnLetters(index));
  }

  /** A row of the sheet; cells past the columns are left out, missing ones are empty. */
  row(cells: readonly SheetCell[], style?: number): string {
    const number = this.next++;
    let xml = `<row r="${number}">`;
    for (let index = 0; index < this.letters.length; index++) {
      xml += cellXml(`${this.letters[index]}${number}`, cells[index], style);
    }
    return `${xml}</row>`;
  }

  header(columns: readonly SheetColumn[]): string {
    return this.row(
      columns.map((column) => column.header),
      STYLE.header,
    );
  }
}

/** The start of the sheet's XML: the frozen header pane and the column widths, up to its first row. */
export function sheetStart(columns: readonly SheetColumn[]): string {
  const widths = columns
    .map(
      (column, index) =>
        `<col min="${index + 1}" max="${index + 1}" width="${column.width}" customWidth="1"/>`,
    )
    .join('');
  return (
    `${DECLARATION}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
    '</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>' +
    (widths ? `<cols>${widths}</cols>` : '') +
    '<sheetData>'
  );
}

export const SHEET_END = '</sheetData></worksheet>';

const STYLES =
  `${DECLARATION}<styleSheet xmlns="${MAIN}">` +
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/>' +
  '<numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** Every part of the package but the sheets', for sheets of these names in order, by its name in the zip. */
export function workbookParts(names: string[]): [name: string, xml: string][] {
  const officeDocument = `${RELATIONSHIPS}/officeDocument`;
  const sheets = names.map((name, index) => ({ name, n: index + 1 }));
  return [
    [
      '[Content_Types].xml',
      `${DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        sheets
          .map(
            ({ n }) =>
              `<Override PartName="/${sheetPart(n)}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join('') +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
        `<Relationship Id="rId1" Type="${officeDocument}" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets>` +
        sheets
          .map(({ name, n }) => `<sheet name="${xmlText(name)}" sheetId="${n}" r:id="rId${n}"/>`)
          .join('') +
        '</sheets></workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
        sheets
          .map(
            ({ n }) =>
              `<Relationship Id="rId${n}" Type="${RELATIONSHIPS}/worksheet" Target="${sheetPart(n).slice('xl/'.length)}"/>`,
          )
          .join('') +
        `<Relationship Id="rId${sheets.length + 1}" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', STYLES],
  ];
}
