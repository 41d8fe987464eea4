import type { Persona } from '@samvad/contracts/persona';
import { describe, expect, it } from 'vitest';
import type { Passage } from '../services/knowledge-index.ts';
import { answerExtractively, tokensOf } from './extractive-answerer.ts';
import { REPLY_TEXTS } from './reply-texts.ts';

const persona = { reformerName: 'Dr. B. R. Ambedkar', productName: 'Samvad' } as Persona;
const en = { persona, language: 'en' };

let next = 0;
function passage(text: string, extra: Partial<Passage> = {}): Passage {
  next++;
  return {
    id: `c${next}`,
    documentId: `d${next}`,
    ordinal: 0,
    page: null,
    startPage: null,
    endPage: null,
    pageLabel: null,
    anchor: null,
    headingPath: [],
    fileName: `doc_${next}.txt`,
    contentType: 'text/plain',
    title: `Doc ${next}`,
    text,
    score: 0.5,
    link: `/api/documents/d${next}/file`,
    lexicalScore: null,
    denseScore: null,
    speakerRole: 'reformer',
    speaker: null,
    textKind: 'writing',
    ...extra,
  };
}

/** The quoted sentences, in the order they appear. */
function quotes(answer: string): string[] {
  return [...answer.matchAll(/“([^”]+)”/g)].map((match) => match[1] ?? '');
}

const NAGPUR_ECHO = passage(
  '2 Why was Nagpur chosen?\n\nMany people ask me why Nagpur was decided upon for this work. Why ' +
    "didn't the conversion take place in some other city? This program was not brought here to " +
    'Nagpur because of that rumour about the city.',
  {
    title: 'Why Was Nagpur Chosen?',
    headingPath: ['2 Why was Nagpur chosen?'],
    textKind: 'speech',
  },
);
const NAGPUR_REASON = passage(
  "3 The Nag People's Nag-pur\n\nThe reason for choosing this city is different. The Nag people " +
    'spread the teaching of Bhagwan Buddha all over India. It seems that the Nag people lived ' +
    'chiefly in Nagpur and the surrounding country. This is the main reason for choosing this ' +
    'place. Nagpur was chosen because of this.',
  // The chunk that follows the echo's, as the chat service reads it on.
  {
    title: 'Why Was Nagpur Chosen?',
    textKind: 'speech',
    documentId: NAGPUR_ECHO.documentId,
    ordinal: NAGPUR_ECHO.ordinal + 1,
  },
);

describe('answerExtractively', () => {
  it('leads a "why" question with the reason, not with the question echoed', () => {
    const result = answerExtractively(
      'Why was Nagpur chosen for the conversion?',
      [NAGPUR_ECHO, NAGPUR_REASON],
      en,
    );
    const quoted = quotes(result.answer);
    expect(quoted[0]).toContain('Nagpur was chosen because of this.');
    // A short lead that points back reads with the sentence before it.
    expect(quoted[0]).toContain('This is the main reason for choosing this place.');
    for (const text of quoted) {
      expect(text).not.toMatch(/\?$/);
      expect(text).not.toMatch(/^2 /);
    }
  });

  it('leads "what is X" with the definition, without the verse number', () => {
    const dhamma = passage(
      '21. Now what is Dhamma? and why is Dhamma necessary? According to the Buddha, Dhamma ' +
        'consists of Prajna and Karuna. 22. What is Prajna? Prajna is understanding. 24. Such is ' +
        "the definition of the Buddha's Dhamma.",
    );
    const quoted = quotes(answerExtractively('What is the Dhamma?', [dhamma], en).answer);
    expect(quoted[0]).toBe('According to the Buddha, Dhamma consists of Prajna and Karuna.');
  });

  it('leads "when" with a date and "who" with a name', () => {
    const text = passage(
      'The conversion took place on a day chosen with great care by the organisers of the event. ' +
        'The conversion ceremony was held at Nagpur on 14 October 1956 before a great crowd. ' +
        'The conversion was administered by Bhikkhu Chandramani of Kushinara to the gathering.',
    );
    const when = quotes(
      answerExtractively('When did the conversion take place?', [text], en).answer,
    );
    expect(when[0]).toContain('14 October 1956');
    const who = quotes(answerExtractively('Who administered the conversion?', [text], en).answer);
    expect(who[0]).toContain('Bhikkhu Chandramani');
  });

  it('names whose words each quote is, and never gives another speaker’s words as his', () => {
    const his = passage(
      'The real remedy for breaking caste is inter-marriage between the castes.',
      {
        title: 'Annihilation of Caste',
        page: 81,
        pageLabel: '67',
      },
    );
    const member = passage(
      'I think the remedy for caste lies in education of every community here.',
      {
        title: 'Constituent Assembly Debates, 25 November 1949',
        speakerRole: 'other',
        speaker: 'T. T. Krishnamachari',
        textKind: 'speech',
      },
    );
    const unknown = passage('Caste has no remedy but inter-marriage and the end of the shastras.', {
      title: 'speech1.txt',
      fileName: 'speech1.txt',
      speakerRole: 'unknown',
      textKind: 'unknown',
    });
    const { answer } = answerExtractively(
      'What is the remedy for caste?',
      [his, member, unknown],
      en,
    );
    expect(answer).toContain(
      'In *Annihilation of Caste* (p. 67), Ambedkar writes: “The real remedy for breaking caste is inter-marriage between the castes.” [1]',
    );
    expect(answer).toContain(
      'T. T. Krishnamachari, in *Constituent Assembly Debates, 25 November 1949*: “I think',
    );
    expect(answer).not.toMatch(/Ambedkar (?:writes|said): “I think/);
    // Words whose speaker is not known are given with their work alone, named without its file name.
    const alone = answerExtractively('Is there a remedy for caste?', [unknown], en).answer;
    expect(alone).toMatch(/\n\*Speech1\*: “Caste has no remedy/);
    expect(alone).not.toContain('speech1.txt');
    expect(alone).not.toContain('Ambedkar');
  });

  it('spreads the quotes over the passages and lists exactly the cited ones', () => {
    const first = passage(
      'Caste is the monster that crosses your path. Caste has killed public spirit. Caste has ' +
        'destroyed the sense of public charity. Caste has made public opinion impossible.',
    );
    const second = passage(
      'Caste is not a division of labourers but a division of labour by birth.',
    );
    const result = answerExtractively('What did he say about caste?', [first, second], en);
    expect(result.sources.map((s) => s.file_name)).toEqual([first.fileName, second.fileName]);
    const markers = [...result.answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    expect(new Set(markers)).toEqual(new Set([1, 2]));
    expect(quotes(result.answer).length).toBeGreaterThanOrEqual(2);
    expect(quotes(result.answer).length).toBeLessThanOrEqual(4);
  });

  it('never quotes headings, title lines, capitals, fragments or debris', () => {
    const noisy = passage(
      'THE ANNIHILATION OF CASTE AND ITS REMEDY\n\nCaste And The Remedy Of Inter Marriage.\n\n' +
        'Caste remedy now.\n\n*Caste Based on Birth is a False Caste\\ -- 4.\n\n' +
        'The remedy for caste is to destroy the religious notions on which it is founded.',
    );
    const quoted = quotes(answerExtractively('What is the remedy for caste?', [noisy], en).answer);
    expect(quoted).toEqual([
      'The remedy for caste is to destroy the religious notions on which it is founded.',
    ]);
  });

  it('opens and refuses in the language of the question', () => {
    const text = passage('Caste is a notion, a state of the mind, and its destruction is needed.');
    const hindi = answerExtractively('जाति क्या है?', [text], { persona, language: 'hi' });
    expect(hindi.answer.startsWith(REPLY_TEXTS.hi.opening)).toBe(true);
    expect(hindi.answer).toContain('Ambedkar, *Doc');
    expect(answerExtractively('जाति क्या है?', [], { persona, language: 'hi' })).toEqual({
      answer: REPLY_TEXTS.hi.notCovered,
      sources: [],
      covered: false,
    });
  });
});

// Team-written test sentences, not Ambedkar's words.
const HINDI_TEXT =
  'जाति व्यवस्था का आधार शास्त्रों की पवित्रता में लोगों का अटूट विश्वास है। जब तक लोग ' +
  'शास्त्रों को पवित्र मानते रहेंगे, तब तक जाति की दीवारें नहीं टूटेंगी।';
const ENGLISH_TEXT =
  'The real remedy is to destroy the belief in the sanctity of the shastras. Caste will not ' +
  'fall while people hold the shastras to be sacred.';

describe('answerExtractively, in the language of the question', () => {
  const hi = { persona, language: 'hi' };

  it('quotes an English passage for a Hindi question in English, noting in Hindi that the source is in English', () => {
    const english = passage(ENGLISH_TEXT);
    const { answer } = answerExtractively('जाति व्यवस्था का असली उपाय क्या है?', [english], hi);
    expect(answer.startsWith(REPLY_TEXTS.hi.opening)).toBe(true);
    // The quote as written, never translated, then the note after its citation marker.
    expect(quotes(answer)[0]).toBe(
      'The real remedy is to destroy the belief in the sanctity of the shastras.',
    );
    expect(answer).toMatch(/” \[1\] \(स्रोत अंग्रेज़ी में है।\)$/);
  });

  it('quotes a Hindi passage for a Hindi question in Hindi, with no note', () => {
    const hindi = passage(HINDI_TEXT);
    const { answer } = answerExtractively('जाति व्यवस्था का आधार क्या है?', [hindi], hi);
    expect(answer.startsWith(REPLY_TEXTS.hi.opening)).toBe(true);
    expect(quotes(answer)[0]).toContain('जाति व्यवस्था का आधार शास्त्रों की पवित्रता');
    expect(answer).not.toContain('स्रोत');
    expect(answer).toMatch(/” \[1\]$/);
  });

  it('leaves an English answer from English passages as it was, and notes a Hindi passage under an English question', () => {
    const english = passage(ENGLISH_TEXT, { title: 'Remedy' });
    expect(answerExtractively('What is the real remedy?', [english], en).answer).toBe(
      `${REPLY_TEXTS.en.opening}\n\nIn *Remedy*, Ambedkar writes: “The real remedy is to destroy ` +
        'the belief in the sanctity of the shastras. Caste will not fall while people hold the ' +
        'shastras to be sacred.” [1]',
    );
    const hindi = passage(HINDI_TEXT, { title: 'Adhar' });
    expect(answerExtractively('What is the basis of caste?', [hindi], en).answer).toMatch(
      /^In \*Adhar\*, Ambedkar writes: “जाति [^”]+” \[1\] \(The source is in Hindi\.\)$/m,
    );
  });
});

describe('tokensOf', () => {
  it('splits into words with their following whitespace, losslessly', () => {
    const text = 'Here are\n\n> “Caste is” [1] (a.pdf, p. 26)';
    const tokens = tokensOf(text);
    expect(tokens.join('')).toBe(text);
    expect(tokens.slice(0, 3)).toEqual(['Here ', 'are\n\n', '> ']);
    expect(tokensOf('')).toEqual([]);
    expect(tokensOf('  lead')).toEqual(['  ', 'lead']);
  });
});
