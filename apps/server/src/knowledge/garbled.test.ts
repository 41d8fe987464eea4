import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCounts,
  countGarble,
  countJoined,
  garbleStats,
  looksGarbled,
  looksGarbledLine,
} from './garbled.ts';

/** Page 20 of the Hindi BAWS volume 17 as its Kruti Dev text layer extracts. */
const KRUTI_DEV = `vNwrksa dk egRo lalkj esa vf/dka'k ns'kksa esa ,sls oxZ gSa tks fuEu oxZ dgs tkrs gSaA ;s
jkse esa Lyso ;k nkl dgykrs FksA LikVZu esa budk uke gsyksVl ;k Øhr FkkA fczVsu esa ;s fofy;Ul ;k
Jqæ dgykrs Fks] vejhdk esa uhxzks vkSj teZuh esa ;s ;gwnh FksA fganqvksa esa ;gh n'kk vNwrksa dh Fkh]
ijUrq buesa ls dksbZ bruk cnulhc ugha Fkk] ftruk vHkkxk vNwr nkl] Øhr Jqæ lHkh yqIr gks x, gSaA ijarq
NqvkNqr dk Hkwr vkt Hkh ekStwn gS vkSj ;g rc rd ekStwn jgsxk tc rd fganw /eZ dk vfLrRo gSA`;

/** OCR-noisy English from baws_speech6.txt ("Dr Ambedkm", "ftvrm", "hke"). */
const OCR_ENGLISH = `25 December 1927 is a watershed in the histoy of the Dalit movement. On this day, Dr
Ambedkm began an agitation by the Dalits to draw water ftvrm the Chavadar hke at Mahad. The water
of this lake was hitherto reserved for caste Hindus. The Manusmriti was burnt here as a mark of
Dalit protest against untouchability. The following is the historic speech made by Dr Ambegkar on
this occasion. Gentlemen, you have gathered here today in response to the invitation of the
Satyagraha Committee. As the Chairman of that Committee, I gratefully welcome ybu all.`;

const TAMIL = `நம்மில் பலர், மனித நாகரிகத்தின் ஒட்டுமொத்தக் கூட்டுத்தொகையாக விளங்கும் பொருள்களின்
உள்ளூர், தேசிய, அனைத்துலகப் பொருட்காட்சிகளைக் கண்டிருப்போம் (Pompeii, Ethnology, Seminar).`;

describe('looksGarbled', () => {
  it('flags Kruti Dev mojibake', () => {
    const stats = garbleStats(KRUTI_DEV);
    expect(stats.oddShare).toBeGreaterThan(0.4);
    expect(stats.stopwordShare).toBeLessThan(0.05);
    expect(looksGarbled(KRUTI_DEV)).toBe(true);
  });

  it('does not flag OCR-noisy English', () => {
    const stats = garbleStats(OCR_ENGLISH);
    expect(stats.oddShare).toBeLessThan(0.05);
    expect(looksGarbled(OCR_ENGLISH)).toBe(false);
  });

  it('does not judge text in Indian scripts, even with Latin words in it', () => {
    expect(looksGarbled(TAMIL.repeat(10))).toBe(false);
    expect(looksGarbled('डॉ. अम्बेडकर सम्पूर्ण वाङ्मय '.repeat(50))).toBe(false);
  });

  it('needs enough text to judge', () => {
    expect(looksGarbled('MkW- vEcsMdj lEiw.kZ ok³~e;')).toBe(false);
  });
});

describe('looksGarbledLine', () => {
  it('flags a Sanskrit verse in Kruti Dev but not English lines', () => {
    expect(looksGarbledLine('Jqfr}S/a rq ;=k L;kIr=k /ekZoqHkkS Le`rkS A')).toBe(true);
    expect(looksGarbledLine('MkW- vEcsMdj lEiw.kZ ok³~e;')).toBe(true);
    expect(looksGarbledLine('15th May 1936 B. R. AMBEDKAR')).toBe(false);
    expect(looksGarbledLine('Rajgriha, Dadar, Bombay 14')).toBe(false);
    expect(looksGarbledLine('pp. 2-33, cf. Vol. XLI, St. Mr Ketkar')).toBe(false);
  });
});

/** The rules as regular expressions, as garbleStats read them before it became one pass. */
function garbleStatsByRegex(text: string) {
  const stopwords = new Set(
    (
      'the of and to in a is that it for as was be by on not with are this which his he have ' +
      'from or at but an they their has had i we you all were been will one so there no if ' +
      'would can its them who what more than these only other such our may any also into those ' +
      'must when should my your me him her she'
    ).split(' '),
  );
  const pairs = new Set(
    'pp th nd rd st cf km kg mm cm ml hr mr dr sq ft lb rs vs nw sw ne se'.split(' '),
  );
  const edge = /^[.,;:!?"'“”‘’()[\]—–\-*_]+|[.,;:!?"'“”‘’()[\]—–\-*_]+$/g;
  let tokens = 0;
  let lettered = 0;
  let odd = 0;
  let stops = 0;
  for (const raw of text.split(/\s+/)) {
    const token = raw.replace(edge, '');
    if (!/\p{L}/u.test(token)) continue;
    lettered++;
    if (!/[A-Za-z]/.test(token)) continue;
    tokens++;
    const letters = token.replace(/[^A-Za-z]/g, '');
    const isOdd =
      /[a-z][A-Z]/.test(token) ||
      /[^A-Za-z0-9'’\-.,]/.test(token) ||
      (letters.length >= 3 && !/[aeiouyAEIOUY]/.test(letters)) ||
      (/^[a-z]{2}$/.test(token) && !/[aeiouy]/.test(token) && !pairs.has(token));
    if (isOdd) odd++;
    if (stopwords.has(token.toLowerCase())) stops++;
  }
  return {
    tokens,
    latinShare: lettered ? tokens / lettered : 0,
    oddShare: tokens ? odd / tokens : 0,
    stopwordShare: tokens ? stops / tokens : 0,
  };
}

/** Characters each rule turns on: ASCII, edge punctuation, Unicode spaces, the Kelvin sign. */
const PIECES = [
  ...'aeiouyAEIOUYbcdfghkrstzBKTXpnl0179.,;:!?"\'()[]-*_@#/&%'.split(''),
  ...'“”‘’—–\u00a0\u2003\u3000\ufeff\u212a\u00e9\u0915\u094d\u0bae'.split(''),
  ' ',
  '\n',
  '\t',
  'the ',
  'of ',
  'pp ',
  'rq ',
  'Kelvin ',
];
const textOf = fc.array(fc.constantFrom(...PIECES), { maxLength: 80 }).map((a) => a.join(''));

describe('garbleStats', () => {
  it('counts as the regular expressions do', () => {
    fc.assert(
      fc.property(textOf, (text) => {
        expect(garbleStats(text)).toEqual(garbleStatsByRegex(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('adds the counts of texts joined with whitespace', () => {
    fc.assert(
      fc.property(
        fc.array(textOf, { maxLength: 6 }),
        fc.constantFrom('\n', ' '),
        (texts, separator) => {
          const joined = countJoined(texts, texts.map(countGarble), separator);
          expect(joined).toEqual(countGarble(texts.join(separator)));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('judges a long joined text on its sample, not on the sum of its parts', () => {
    const line = `${OCR_ENGLISH}\n`.repeat(60);
    const texts = Array.from({ length: 20 }, () => line);
    const sampled = countGarble(texts.join('\n'));
    expect(countJoined(texts, texts.map(countGarble))).toEqual(sampled);
    expect(texts.map(countGarble).reduce(addCounts)).not.toEqual(sampled);
  });
});
