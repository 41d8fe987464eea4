/** A plain-text table: columns padded to their widest cell, numbers right-aligned. */
export function renderTable(headers: string[], rows: (string | number | null)[][]): string {
  const cells = rows.map((row) => row.map((cell) => (cell === null ? '–' : String(cell))));
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...cells.map((row) => (row[column] ?? '').length)),
  );
  const numeric = headers.map((_, column) =>
    rows.every((row) => row[column] === null || typeof row[column] === 'number'),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        numeric[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((width) => '─'.repeat(width))), ...cells.map(line)].join(
    '\n',
  );
}
