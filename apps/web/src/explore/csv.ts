// CSV export of a node list (RFC 4180). Names come from collected data, so a cell that a spreadsheet would read as
// a formula (=, +, -, @, tab, CR first) is prefixed with a quote: opened in Excel or LibreOffice it stays text.

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula triggers neutralised, then quoted when it holds a comma, quote, CR or LF. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows (the first one the header) as CSV text, CRLF line ends as RFC 4180 writes them. */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A file name from a node name and a list name: only letters, digits, dot, dash and underscore survive. */
export function csvFileName(...parts: string[]): string {
  const base = parts.join('-').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._-]+/, '').slice(0, 120);
  return `${base || 'export'}.csv`;
}
