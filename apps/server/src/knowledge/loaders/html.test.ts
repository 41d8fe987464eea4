import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusAvailable, corpusFile } from '../../../test/support/corpus.ts';
import { loadHtml } from './html.ts';

const encode = (text: string) => new TextEncoder().encode(text);

describe('loadHtml', () => {
  it('keeps the main text and drops scripts, styles, navigation, headers and footers', () => {
    const { blocks, title } = loadHtml(
      encode(`<!doctype html><html><head><title>Waiting for a Visa | Some Site</title>
        <style>p { color: red }</style><script>var x = "<p>not text</p>";</script></head>
        <body><header><a href="/">Home</a></header>
        <nav><ul><li><a href="/a">About</a></li><li><a href="/b">Books</a></li></ul></nav>
        <div class="breadcrumbs">Home » Texts</div>
        <h2>Chapter One</h2><p>Foreigners of course know of the <em>existence</em> of untouchability.</p>
        <ul class="links"><li><a href="#1">Part 1</a></li><li><a href="#2">Part 2</a></li></ul>
        <ul><li>A list item with <a href="#x">a link</a> in running text.</li></ul>
        <div class="social-links-block"><a>Share</a></div>
        <footer>© 2024</footer></body></html>`),
    );
    expect(blocks.map((block) => [block.kind, block.text])).toEqual([
      ['heading', 'Chapter One'],
      ['paragraph', 'Foreigners of course know of the existence of untouchability.'],
      ['paragraph', 'A list item with a link in running text.'],
    ]);
    expect(title).toBe('Waiting for a Visa');
  });

  it('gives headings their levels and prefers a single <h1> as the title', () => {
    const { blocks, title } = loadHtml(
      encode(
        '<title>X - Site</title><h1>Ranade, Gandhi and Jinnah</h1><h3>Preface</h3><p>Text.</p>',
      ),
    );
    expect(blocks.filter((block) => block.kind === 'heading')).toEqual([
      expect.objectContaining({ text: 'Ranade, Gandhi and Jinnah', level: 1 }),
      expect.objectContaining({ text: 'Preface', level: 3 }),
    ]);
    expect(title).toBe('Ranade, Gandhi and Jinnah');
  });

  it('reads a line break as a space and a table row as one paragraph', () => {
    const { blocks } = loadHtml(
      encode(
        '<p>Rajgriha,<br>Dadar</p><table><tr><th>Province</th><th>Seats</th></tr>' +
          '<tr><td>Madras</td><td>30</td></tr></table>',
      ),
    );
    expect(blocks.map((block) => block.text)).toEqual([
      'Rajgriha, Dadar',
      'Province | Seats',
      'Madras | 30',
    ]);
  });

  it('decodes the charset the page declares', () => {
    const latin1 = new Uint8Array([
      ...encode('<meta charset="iso-8859-1"><p>Caf'),
      0xe9,
      ...encode(' society</p>'),
    ]);
    expect(loadHtml(latin1).blocks[0]?.text).toBe('Café society');
  });
});

describe.skipIf(!corpusAvailable)('loadHtml on the Constituent Assembly Debates', () => {
  const file = corpusFile('ambedkar', 'constituent_assembly', 'cad_volume_11_25-nov-1949.html');
  const html = readFileSync(file, 'utf8');
  const { blocks, title } = loadHtml(new Uint8Array(readFileSync(file)));

  it('keeps every paragraph id of the sitting as a block anchor', () => {
    const ids = [...html.matchAll(/>(11\.165\.\d+)<\/span>/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(300);
    const anchors = new Set(blocks.map((block) => block.anchor));
    expect(ids.filter((id) => !anchors.has(id ?? ''))).toEqual([]);
  });

  it('attaches the id and the speaker to the speech it introduces', () => {
    const moved = blocks.find((block) => block.anchor === '11.165.2');
    expect(moved?.text).toBe(
      'B. R. Ambedkar: Sir, I move for leave to introduce a Bill further to amend the government of India Act, 1935.',
    );
    const contradictions = blocks.filter((block) => block.text.includes('life of contradictions'));
    expect(contradictions.map((block) => block.anchor)).toEqual(['11.165.325']);
    // The id itself is an anchor, not text.
    expect(blocks.some((block) => /^\d+\.\d+\.\d+$/.test(block.text))).toBe(false);
  });

  it('reads the sitting date and the debate topics as headings, without site chrome', () => {
    const headings = blocks.filter((block) => block.kind === 'heading');
    expect(headings[0]).toMatchObject({ text: '25 Nov 1949', level: 1 });
    expect(headings).toContainEqual(
      expect.objectContaining({ text: 'GOVERNMENT OF INDIA ACT (AMENDMENT) BILL', level: 2 }),
    );
    // A sitting's page is headed by its date alone; the title says what it is.
    expect(title).toBe('Constituent Assembly Debates, 25 Nov 1949');
    const text = blocks.map((block) => block.text).join('\n');
    expect(text).not.toMatch(/View all volumes|Volume 12|Home ≫/);
  });
});
