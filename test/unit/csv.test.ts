import { describe, expect, it } from 'vitest';
import { csvRecord, CsvSyntaxError, guardFormula, parseCsv } from '../../src/server/areas/common/csv.ts';

describe('CSV (RFC 4180)', () => {
  it('quotes a field only when it holds a comma, a quote, CR or LF, doubling its quotes; ends records with CRLF', () => {
    expect(csvRecord(['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\r', '', null, undefined, 8.5, -2])).toBe(
      'plain,"a,b","say ""hi""","two\nlines","cr\r",,,,8.5,-2\r\n',
    );
  });

  it('guards text a spreadsheet would run as a formula, not numbers', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(guardFormula(text)).toBe(`'${text}`);
    expect(guardFormula('Amy = Ben')).toBe('Amy = Ben');
    expect(csvRecord(['=HYPERLINK("http://x")', -5])).toBe(`"'=HYPERLINK(""http://x"")",-5\r\n`);
  });

  it('reads back what it writes, CRLF or LF, a byte-order mark, blank lines dropped', () => {
    const rows = [['a,b', 'say "hi"', 'two\r\nlines', ''], ['1', '', '3', '']];
    expect(parseCsv(rows.map((r) => csvRecord(r)).join(''))).toEqual(rows);
    expect(parseCsv('\uFEFFx,y\n\n1,2')).toEqual([['x', 'y'], ['1', '2']]);
    expect(parseCsv('"",""\r\n')).toEqual([['', '']]);
  });

  it('refuses what the RFC does not allow', () => {
    expect(() => parseCsv('a,"open\n')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a"b,c')).toThrow(/quote inside an unquoted field/);
    expect(() => parseCsv('"a"b,c')).toThrow(/after a closing quote/);
  });
});
