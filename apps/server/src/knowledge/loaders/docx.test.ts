import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { LoadError } from '../types.ts';
import { loadDocx } from './docx.ts';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

const paragraph = (runs: string, style?: string) =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}${runs}</w:p>`;
const run = (inner: string) => `<w:r>${inner}</w:r>`;
const t = (text: string) => run(`<w:t xml:space="preserve">${text}</w:t>`);

/** A small but valid .docx: content types, document, styles and core properties. */
function tinyDocx(body: string, extra: Record<string, string> = {}): Uint8Array {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`,
    ),
  };
  for (const [name, text] of Object.entries(extra)) files[name] = strToU8(text);
  return zipSync(files);
}

describe('loadDocx', () => {
  it('reads paragraphs, tabs, breaks and heading styles', async () => {
    const styles = `<?xml version="1.0"?><w:styles xmlns:w="${W}">
      <w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="heading 1"/></w:style>
      <w:style w:type="paragraph" w:styleId="Quote"><w:name w:val="Quote"/></w:style></w:styles>`;
    const core = `<?xml version="1.0"?><cp:coreProperties
      xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"
      xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>What Path to Salvation?</dc:title></cp:coreProperties>`;
    const body = [
      paragraph(t('What Path to Salvation?'), 'Title'),
      paragraph(t('Part One'), 'berschrift1'),
      paragraph(t('Section 1.1'), 'Heading2'),
      paragraph(
        t('You must have come to know') +
          run('<w:tab/>') +
          t('by now that this') +
          run('<w:br/>') +
          t('Conference has been called.'),
      ),
      paragraph(t('Kept ') + run('<w:delText>deleted </w:delText>') + t('text.'), 'Quote'),
      paragraph(''),
      `<w:tbl><w:tr><w:tc>${paragraph(t('A cell'))}</w:tc></w:tr></w:tbl>`,
    ].join('');
    const result = await loadDocx(
      tinyDocx(body, { 'word/styles.xml': styles, 'docProps/core.xml': core }),
    );
    expect(result.blocks.map((block) => [block.kind, block.level ?? null, block.text])).toEqual([
      ['heading', 1, 'What Path to Salvation?'],
      ['heading', 1, 'Part One'],
      ['heading', 2, 'Section 1.1'],
      [
        'paragraph',
        null,
        'You must have come to know by now that this Conference has been called.',
      ],
      ['paragraph', null, 'Kept text.'],
      ['paragraph', null, 'A cell'],
    ]);
    expect(result.title).toBe('What Path to Salvation?');
    expect(result.blocks.every((block) => block.page === null && block.anchor === null)).toBe(true);
  });

  it('uses an explicit outline level when there is no heading style', async () => {
    const body = `<w:p><w:pPr><w:outlineLvl w:val="2"/></w:pPr>${t('Deep')}</w:p>`;
    expect((await loadDocx(tinyDocx(body))).blocks).toEqual([
      expect.objectContaining({ kind: 'heading', level: 3, text: 'Deep' }),
    ]);
  });

  it('rejects bytes that are not a ZIP archive', async () => {
    await expect(loadDocx(strToU8('PK but not really'))).rejects.toThrowError(LoadError);
  });
});
