/**
 * CSV as RFC 4180 writes it (docs/decisions/0109-gradebook-csv.md): fields joined by commas, records ended by CRLF,
 * a field quoted when it holds a comma, a quote, CR or LF, its quotes doubled. No library: the format is these
 * few rules, and the reader must refuse what they do not allow rather than guess.
 */

/** A cell: text (guarded against spreadsheet formulas), a number Outpost computed, or nothing. */
export type CsvCell = string | number | null | undefined;

/** Characters that make a spreadsheet read a text cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell a spreadsheet would run as a formula (`=HYPERLINK(…)` in a student's name) gets a leading
 * apostrophe, which spreadsheets show as text. Numbers are Outpost's own and written as they are (a negative score).
 */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function field(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  const text = typeof cell === 'number' ? String(cell) : guardFormula(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its CRLF. */
export function csvRecord(cells: readonly CsvCell[]): string {
  return `${cells.map(field).join(',')}\r\n`;
}

/** A CSV the reader cannot take: where and why, for the 400. */
export class CsvSyntaxError extends Error {
  readonly line: number;

  constructor(line: number, message: string) {
    super(`line ${line}: ${message}`);
    this.line = line;
  }
}

/**
 * Reads CSV text into records of fields: quoted fields may hold commas, quotes (doubled) and line breaks; records
 * end with CRLF or LF (spreadsheets on every system save one or the other); a leading byte-order mark is skipped;
 * blank lines are dropped. A quote inside an unquoted field or an unterminated quoted field is refused.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let fieldText = '';
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endField = () => {
    record.push(fieldText);
    fieldText = '';
    afterQuote = false;
  };
  const endRecord = () => {
    endField();
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          fieldText += '"';
          i++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (c === '\n') line++;
        fieldText += c;
      }
      continue;
    }
    if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
    } else if (c === '"') {
      if (fieldText !== '' || afterQuote) throw new CsvSyntaxError(line, 'a quote inside an unquoted field');
      quoted = true;
    } else {
      if (afterQuote) throw new CsvSyntaxError(line, 'text after a closing quote');
      fieldText += c;
    }
  }
  if (quoted) throw new CsvSyntaxError(line, 'a quoted field is not closed');
  if (fieldText !== '' || record.length > 0 || afterQuote) endRecord();
  return records;
}
