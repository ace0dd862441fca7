/*
 * An RFC 4180 reader written for the tests (unit and e2e), independent of the writer in lib/text/cells.ts:
 * an export is checked by reading it back as an importer would, column by column. Strict on purpose: a
 * quote inside an unquoted field, text after a closing quote, an unclosed quote or a lone CR between
 * records throws, so a malformed file fails the test instead of being read generously.
 */

export interface ParseOptions {
  /** ',' for CSV (the default), '\t' for the Google Sheets text. */
  delimiter?: string;
}

/** Rows of fields. One leading byte order mark is dropped; CRLF or LF ends a record; a final line end adds no row. */
export function parseDelimited(text: string, options: ParseOptions = {}): string[][] {
  const delimiter = options.delimiter ?? ',';
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`Malformed ${delimiter === '\t' ? 'TSV' : 'CSV'} at offset ${i} (row ${rows.length + 1}): ${why}`);
  };
  const endRecord = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
  };
  if (src === '') return rows;
  while (i < src.length) {
    if (src[i] === '"' && field === '') {
      // A quoted field: runs to the next quote not doubled.
      i++;
      for (;;) {
        if (i >= src.length) fail('unclosed quote');
        if (src[i] === '"') {
          if (src[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += src[i];
        i++;
      }
      const next = src[i];
      if (next !== undefined && next !== delimiter && next !== '\n' && !(next === '\r' && src[i + 1] === '\n'))
        fail(`${JSON.stringify(next)} after a closing quote`);
      continue;
    }
    const c = src[i]!;
    if (c === delimiter) {
      row.push(field);
      field = '';
      i++;
    } else if (c === '\r' && src[i + 1] === '\n') {
      endRecord();
      i += 2;
    } else if (c === '\n') {
      endRecord();
      i++;
    } else if (c === '\r') {
      fail('a CR outside quotes');
    } else if (c === '"') {
      fail('a quote inside an unquoted field');
    } else {
      field += c;
      i++;
    }
  }
  // The last record, unless the text ended with its line end.
  if (field !== '' || row.length > 0 || !/\r?\n$/.test(src)) endRecord();
  return rows;
}

/** The rows as objects keyed by the header row; throws when a row's width differs from the header's. */
export function parseRecords(text: string, options: ParseOptions = {}): { header: string[]; records: Record<string, string>[] } {
  const [header, ...rows] = parseDelimited(text, options);
  if (!header) throw new Error('No header row');
  if (new Set(header).size !== header.length) throw new Error(`Duplicate headers: ${header.join(', ')}`);
  const records = rows.map((row, n) => {
    if (row.length !== header.length) throw new Error(`Row ${n + 2} has ${row.length} fields, the header ${header.length}`);
    return Object.fromEntries(header.map((h, k) => [h, row[k]!]));
  });
  return { header, records };
}
