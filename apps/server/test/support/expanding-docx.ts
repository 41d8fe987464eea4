/**
 * A DOCX that is small on the wire and large once ingested (issue #30 item 2: a 7.4 MB DOCX held
 * 58 MB of text). Its text is ordinary prose-like words drawn from a small vocabulary, so it
 * deflates about eightfold, yet is no bomb: it stays under the reader's unpacking limit and every
 * word of it becomes chunk text. Built in the test, never committed; `seed` makes each copy
 * different, so no two are one file to the database.
 */
import { crc32, createDeflateRaw } from 'node:zlib';
import { zipArchive } from './bomb-files.ts';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const WORDS = (
  'caste equality liberty fraternity democracy social political education agitate organise ' +
  'constitution rights duty justice people nation reform temple water village labour land ' +
  'the of and to in is that a for it as with by on not be'
).split(' ');
/** Characters of text in one paragraph: long ones, so the XML around them is a small share. */
const PARAGRAPH_CHARS = 4000;

/** A DOCX whose paragraphs hold about `textBytes` of text (ASCII: bytes and characters alike). */
export async function expandingDocx(textBytes: number, seed: number): Promise<Uint8Array> {
  let state = (seed * 2654435761 + 1) >>> 0;
  const nextWord = () => {
    // xorshift32: cheap, and the same text for the same seed.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return WORDS[state % WORDS.length] as string;
  };
  const paragraph = () => {
    let text = '';
    while (text.length < PARAGRAPH_CHARS) text += `${nextWord()} `;
    return `<w:p><w:r><w:t>${text.trimEnd()}.</w:t></w:r></w:p>\n`;
  };
  const deflate = createDeflateRaw({ level: 6 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let crc = 0;
  let size = 0;
  const write = async (text: string) => {
    const piece = Buffer.from(text);
    crc = crc32(piece, crc);
    size += piece.length;
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>`);
  for (let written = 0; written < textBytes; written += PARAGRAPH_CHARS) await write(paragraph());
  await write('</w:body></w:document>');
  deflate.end();
  await ended;
  const document = { name: 'word/document.xml', data: Buffer.concat(parts), crc, size };
  return zipArchive([document]);
}
