/**
 * Small valid PDFs written byte by byte, for loader tests that need a layout no corpus file has.
 * Two fonts: F1 (Helvetica) and F2 (Times-Roman), both WinAnsi-encoded, so a line's text may use
 * the Latin-1 codes legacy Devanagari fonts are typed in ("è", "¼", "Ø").
 */

export type PdfLine = {
  text: string;
  x?: number;
  y: number;
  size?: number;
  /** F1 unless given. */
  font?: 'F1' | 'F2';
  /** Turned a quarter anticlockwise, reading upwards (a landscape table on a portrait page). */
  quarterTurn?: boolean;
};

const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);

/** One text line per entry, pages in order; optional /PageLabels. */
export function makePdf(pages: PdfLine[][], pageLabels?: string): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  const pageIds = pages.map((_, index) => 5 + index * 2);
  add(`<< /Type /Catalog /Pages 2 0 R ${pageLabels ? `/PageLabels ${pageLabels}` : ''} >>`);
  add(
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
  );
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /WinAnsiEncoding >>');
  pages.forEach((lines, index) => {
    const content = lines
      .map((line) => {
        const escaped = line.text.replace(/[\\()]/g, (c) => `\\${c}`);
        const place = line.quarterTurn
          ? `0 1 -1 0 ${line.x ?? 72} ${line.y} Tm`
          : `${line.x ?? 72} ${line.y} Td`;
        return `BT /${line.font ?? 'F1'} ${line.size ?? 11} Tf ${place} (${escaped}) Tj ET`;
      })
      .join('\n');
    const contentId = (pageIds[index] ?? 0) + 1;
    add(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ' +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    add(`<< /Length ${latin1(content).length} >>\nstream\n${content}\nendstream`);
  });
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return latin1(pdf);
}

/**
 * The same PDF after an incremental update that put a new first page in front and was cut off
 * before its cross-reference section was written: the objects follow %%EOF, nothing indexes them.
 */
export function withLostFrontPage(pdf: Uint8Array, pageCount: number, text: string): Uint8Array {
  const old = new TextDecoder('latin1').decode(pdf);
  const size = Number(old.match(/\/Size (\d+)/)?.[1]);
  const pageId = size;
  const contentId = size + 1;
  const oldKids = old.match(/\/Kids \[([^\]]*)\]/)?.[1] ?? '';
  const content = `BT /F1 11 Tf 72 700 Td (${text}) Tj ET`;
  const update =
    `${pageId} 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ` +
    `/Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>\nendobj\n` +
    `${contentId} 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n` +
    `2 0 obj\n<< /Type /Pages /Kids [${pageId} 0 R ${oldKids}] /Count ${pageCount + 1} >>\nendobj\n`;
  return latin1(old + update);
}
