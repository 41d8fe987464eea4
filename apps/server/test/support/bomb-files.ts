/**
 * Decompression bombs, built in memory by the tests that need them (never committed): a DOCX
 * whose document.xml expands hugely, an EPUB with many chapters that are each modest, and a PDF
 * whose one page is a Flate content stream of hundreds of megabytes. Each is made by deflating a
 * repeated unit as a stream, so building a 300 MB-class bomb takes well under a second and never
 * holds its expanded text.
 */
import { crc32, createDeflate, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { LoadError } from '../../src/knowledge/types.ts';

const MB = 1024 * 1024;

/** `unit` repeated to `bytes` (rounded down to whole units), deflated: raw for ZIP, zlib for PDF. */
async function deflateRepeated(
  unit: string,
  bytes: number,
  format: 'raw' | 'zlib',
  prefix = '',
): Promise<{ data: Buffer; crc: number; size: number }> {
  const one = Buffer.from(unit);
  const perChunk = Math.max(1, Math.floor(MB / one.length));
  const chunk = Buffer.concat(Array.from({ length: perChunk }, () => one));
  const stream = format === 'raw' ? createDeflateRaw({ level: 6 }) : createDeflate({ level: 6 });
  const parts: Buffer[] = [];
  stream.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const head = Buffer.from(prefix);
  let size = head.length;
  let crc = crc32(head);
  stream.write(head);
  const units = Math.floor(bytes / one.length);
  for (let written = 0; written < units; written += perChunk) {
    const piece =
      units - written >= perChunk ? chunk : chunk.subarray(0, (units - written) * one.length);
    crc = crc32(piece, crc);
    size += piece.length;
    if (!stream.write(piece)) await new Promise((resolve) => stream.once('drain', resolve));
  }
  stream.end();
  await ended;
  return { data: Buffer.concat(parts), crc, size };
}

type ZipEntry = { name: string; data: Buffer; crc: number; size: number; stored?: boolean };

const stored = (name: string, text: string): ZipEntry => {
  const data = Buffer.from(text);
  return { name, data, crc: crc32(data), size: data.length, stored: true };
};

const deflated = (name: string, text: string): ZipEntry => {
  const raw = Buffer.from(text);
  return { name, data: deflateRawSync(raw), crc: crc32(raw), size: raw.length };
};

/** A plain ZIP (no ZIP64: every size here is under 4 GB). */
export function zipArchive(entries: ZipEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const method = entry.stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const WORD_PARAGRAPH = '<w:p><w:r><w:t>Educate, agitate, organise.</w:t></w:r></w:p>\n';

/**
 * A DOCX whose word/document.xml expands to about `expandedBytes` of ordinary paragraphs (the
 * red team's was 291 KB, expanding to 190 MB). Its declared sizes are true: the per-member size
 * the ZIP declares is no defence.
 */
export async function docxBomb(expandedBytes = 190 * MB): Promise<Uint8Array> {
  const head = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>`;
  // Never closed: a reader that stops at its limit never reaches the end anyway.
  const document = await deflateRepeated(WORD_PARAGRAPH, expandedBytes, 'raw', head);
  return zipArchive([
    stored(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    { name: 'word/document.xml', ...document },
  ]);
}

/** A document.xml of `paragraphs` tiny paragraphs: few bytes, very many elements. */
export function docxWithParagraphs(paragraphs: number): Uint8Array {
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>` +
    '<w:p><w:r><w:t>a</w:t></w:r></w:p>'.repeat(paragraphs) +
    '</w:body></w:document>';
  return zipArchive([deflated('word/document.xml', xml)]);
}

/** Long paragraphs: the chapters are large in bytes, not in elements. */
const XHTML_PARAGRAPH = `<p>${'Educate, agitate, organise: the words of a modest chapter. '.repeat(500)}</p>\n`;

/**
 * An EPUB of `chapters` chapters of `chapterBytes` each: every chapter is modest, the book is
 * not. The chapters share one deflated body, so a hundred of them cost one deflate.
 */
export async function epubBomb(options: { chapters?: number; chapterBytes?: number } = {}) {
  const chapters = options.chapters ?? 100;
  const chapterBytes = options.chapterBytes ?? 8 * MB;
  const body = await deflateRepeated(XHTML_PARAGRAPH, chapterBytes, 'raw');
  const ids = Array.from({ length: chapters }, (_, index) => `c${index + 1}`);
  const opf =
    '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">' +
    '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Many chapters</dc:title></metadata><manifest>' +
    ids
      .map((id) => `<item id="${id}" href="${id}.xhtml" media-type="application/xhtml+xml"/>`)
      .join('') +
    '</manifest><spine>' +
    ids.map((id) => `<itemref idref="${id}"/>`).join('') +
    '</spine></package>';
  return zipArchive([
    stored('mimetype', 'application/epub+zip'),
    deflated(
      'META-INF/container.xml',
      '<?xml version="1.0"?><container xmlns="urn:oasis:names:tc:opendocument:xmlns:container" version="1.0">' +
        '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    deflated('OEBPS/content.opf', opf),
    ...ids.map((id) => ({ name: `OEBPS/${id}.xhtml`, ...body })),
  ]);
}

/** Operators that draw text: each becomes a text item, so reading them fills the heap. */
export const TEXT_OPERATOR = 'BT /F1 12 Tf 72 700 Td (Educate agitate organise) Tj ET\n';
/** Operators that draw nothing pdf.js keeps: reading them only takes time. */
export const PATH_OPERATOR = '0 0 m 10 10 l S\n';

/**
 * A one-page PDF whose content stream is `operator` repeated to about `expandedBytes`, Flate-
 * compressed (the red team's: 916 KB, expanding to 314 MB).
 */
/**
 * How the PDF bomb is refused: which of its limits trips first depends on the machine's speed, its
 * memory or (on a busy two-core machine) the time one page may take. Either way it fails, alone.
 */
export const PDF_BOMB_REFUSED =
  /Reading page 1 of 1 of this PDF took (more than 384 MB of memory, the limit for one file|longer than \d+ s, the limit for one page)/;

export async function pdfBomb(
  options: { expandedBytes?: number; operator?: string } = {},
): Promise<Uint8Array> {
  const content = await deflateRepeated(
    options.operator ?? TEXT_OPERATOR,
    options.expandedBytes ?? 300 * MB,
    'zlib',
  );
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: string | Buffer) => {
    const buffer = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(buffer);
    length += buffer.length;
  };
  const object = (body: string | Buffer[]) => {
    offsets.push(length);
    push(`${offsets.length} 0 obj\n`);
    for (const part of typeof body === 'string' ? [body] : body) push(part);
    push('\nendobj\n');
  };
  push('%PDF-1.4\n');
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object('<< /Type /Pages /Kids [4 0 R] /Count 1 >>');
  object('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  object(
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
  );
  object([
    Buffer.from(`<< /Length ${content.data.length} /Filter /FlateDecode >>\nstream\n`),
    content.data,
    Buffer.from('\nendstream'),
  ]);
  const xref = length;
  push(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(parts));
}

/** What a loader rejected with: a LoadError, or the test fails saying what came instead. */
export async function loadFailure(promise: Promise<unknown>): Promise<LoadError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof LoadError)) throw new Error(`expected a LoadError, got ${String(error)}`);
  return error;
}
