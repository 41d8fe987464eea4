import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { corpusAvailable, corpusFile } from '../../../test/support/corpus.ts';
import { LoadError } from '../types.ts';
import { loadEpub } from './epub.ts';

const chapter = (title: string, body: string) =>
  strToU8(`<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml">
    <head><title>${title}</title></head><body>${body}</body></html>`);

/** A minimal EPUB 2 whose ZIP order differs from its spine order. */
function tinyEpub(): Uint8Array {
  return zipSync({
    mimetype: strToU8('application/epub+zip'),
    'META-INF/container.xml': strToU8(`<?xml version="1.0"?>
      <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
      <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
      </rootfiles></container>`),
    'OEBPS/text/b.xhtml': chapter('Second', '<p>Second chapter text.</p>'),
    'OEBPS/text/a%20one.xhtml': chapter('ignored', '<p>Stray file.</p>'),
    'OEBPS/text/a one.xhtml': chapter(
      'First',
      '<h1>The First Chapter</h1><p>First chapter text.</p>',
    ),
    'OEBPS/content.opf': strToU8(`<?xml version="1.0"?>
      <package xmlns="http://www.idpf.org/2007/opf" version="2.0">
      <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Tiny Book</dc:title></metadata>
      <manifest>
        <item id="b" href="text/b.xhtml" media-type="application/xhtml+xml"/>
        <item id="a" href="text/a%20one.xhtml" media-type="application/xhtml+xml"/>
        <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
      </manifest>
      <spine toc="ncx"><itemref idref="a"/><itemref idref="b"/></spine></package>`),
    'OEBPS/toc.ncx':
      strToU8(`<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/">
      <navMap><navPoint id="p2"><navLabel><text>Chapter Two</text></navLabel>
      <content src="text/b.xhtml"/></navPoint></navMap></ncx>`),
  });
}

describe('loadEpub', () => {
  it('reads chapters in spine order, titled from the table of contents or their heading', async () => {
    const { blocks, title } = await loadEpub(tinyEpub());
    expect(title).toBe('Tiny Book');
    expect(blocks.map((block) => [block.kind, block.level ?? null, block.text])).toEqual([
      ['heading', 1, 'The First Chapter'],
      ['paragraph', null, 'First chapter text.'],
      ['heading', 1, 'Chapter Two'],
      ['paragraph', null, 'Second chapter text.'],
    ]);
  });

  it('rejects a file that is not an EPUB archive', async () => {
    await expect(loadEpub(strToU8('not a zip at all'))).rejects.toThrowError(LoadError);
    const noContainer = zipSync({ mimetype: strToU8('application/epub+zip') });
    await expect(loadEpub(noContainer)).rejects.toThrowError(/container\.xml/);
  });
});

describe.skipIf(!corpusAvailable)('loadEpub on Constituent Assembly Debates, Volume 11', () => {
  const bytes = new Uint8Array(
    readFileSync(corpusFile('ambedkar', 'constituent_assembly', 'cad_volume_11.epub')),
  );

  it('reads the sittings in spine order, skipping the cover and the navigation document', async () => {
    const { blocks, title } = await loadEpub(bytes);
    expect(title).toBe('Constituent Assembly Debates - Volume 11');
    const chapters = blocks.filter((block) => block.kind === 'heading' && block.level === 1);
    expect(chapters.map((block) => block.text)).toEqual([
      '14th November 1949',
      '15th November 1949',
      '16th November 1949',
      '17th November 1949',
      '18th November 1949',
      '19th November 1949',
      '21st November 1949',
      '22nd November 1949',
      '23rd November 1949',
      '24th November 1949',
      '25th November 1949',
      '26th November 1949',
    ]);
  });

  it('keeps the paragraph ids, the speakers and the debate headings inside chapters', async () => {
    const { blocks } = await loadEpub(bytes);
    expect(blocks.find((block) => block.anchor === '11.155.1')?.text).toBe(
      'PRESIDENT: I understand that there are two Members who have to take the Pledge and sign the Register.',
    );
    expect(blocks.find((block) => block.text.includes('life of contradictions'))?.anchor).toBe(
      '11.165.325',
    );
    const first = blocks.findIndex((block) => block.text === '14th November 1949');
    expect(blocks[first + 2]).toMatchObject({
      kind: 'heading',
      level: 2,
      text: 'TAKING THE PLEDGE AND SIGNING THE REGISTER',
    });
  });
});
