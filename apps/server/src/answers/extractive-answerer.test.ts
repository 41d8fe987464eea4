import type { Persona } from '@samvad/contracts/persona';
import { describe, expect, it } from 'vitest';
import { testPassage } from '../../test/support/test-passage.ts';
import { answerExtractively, candidateSentences, tokensOf } from './extractive-answerer.ts';
import { REPLY_TEXTS } from './reply-texts.ts';

const persona = { reformerName: 'Dr. B. R. Ambedkar', productName: 'Samvad' } as Persona;
const en = { persona, language: 'en' };

const passage = testPassage;

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

  it('introduces quotes of one speaker in one work once, and each quote of another anew', () => {
    const work = { title: 'Annihilation of Caste', fileName: 'annihilation.txt' };
    const first = passage(
      'Caste is the monster that crosses your path. Caste has killed public spirit.',
      work,
    );
    const second = passage(
      'Caste is not a division of labourers but a division of labour by birth.',
      work,
    );
    const result = answerExtractively('What did he say about caste?', [first, second], en);
    const paragraphs = result.answer.split('\n\n').slice(1);
    expect(paragraphs).toHaveLength(1);
    expect(paragraphs[0]).toMatch(
      /^In \*Annihilation of Caste\*, Ambedkar writes: “[^”]+” \[1\] “[^”]+” \[2\]$/,
    );
    const other = {
      ...second,
      id: 'other-speaker',
      speakerRole: 'other' as const,
      speaker: 'Mr. Rao',
    };
    const apart = answerExtractively('What did he say about caste?', [first, other], en);
    const leads = apart.answer
      .split('\n\n')
      .slice(1)
      .map((line) => line.split(' “')[0]);
    expect(leads).toEqual([
      'In *Annihilation of Caste*, Ambedkar writes:',
      'Mr. Rao, in *Annihilation of Caste*:',
    ]);
  });

  it('takes supporting quotes only from passages that cover the question on their own', () => {
    // The same two passages as above, each with its cosine to the question: the second falls
    // below the line a passage must reach to cover the question (coverage.ts, denseCoverLine).
    const question = 'What did he say about caste?';
    const first = passage(
      'Caste is the monster that crosses your path. Caste has killed public spirit.',
      { denseScore: 0.86 },
    );
    const below = passage(
      'Caste is not a division of labourers but a division of labour by birth.',
      { denseScore: 0.8 },
    );
    const quoted = (passages: (typeof first)[], line: number | null) =>
      quotes(answerExtractively(question, passages, { ...en, supportLine: line }).answer);
    expect(quoted([first, below], null)).toEqual([
      'Caste is the monster that crosses your path.',
      'Caste is not a division of labourers but a division of labour by birth.',
    ]);
    expect(quoted([first, below], 0.83)).toEqual(['Caste is the monster that crosses your path.']);
    // A passage found by words alone (no cosine) may still support.
    const byWords = { ...below, id: 'by-words', denseScore: null };
    expect(quoted([first, byWords], 0.83)).toHaveLength(2);
    // The line never takes the lead away: a question covered only by a passage below it (by
    // the dense-alone rule elsewhere) is still answered from it.
    const alone = answerExtractively(question, [below], { ...en, supportLine: 0.83 });
    expect(alone.covered).toBe(true);
    expect(quotes(alone.answer)[0]).toContain('division of labour by birth');
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
    // The persona here spells him only in Latin letters; the lead's own words are Hindi.
    expect(hindi.answer).toMatch(/\*Doc \d+\* में Ambedkar लिखते हैं:/);
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
    expect(quotes(answer)[0]).toMatch(
      /^The real remedy is to destroy the belief in the sanctity of the shastras\./,
    );
    expect(answer).toMatch(/” \[1\] \(स्रोत अंग्रेज़ी में है।\)$/);
  });

  it('says the note once after the quotes of one lead that it is true of', () => {
    const work = { title: 'Annihilation of Caste', fileName: 'annihilation.txt' };
    const english = passage(ENGLISH_TEXT, work);
    const more = passage(
      'The real remedy for caste is inter-marriage; nothing else will dissolve it.',
      work,
    );
    const { answer } = answerExtractively('जाति व्यवस्था का असली उपाय क्या है?', [english, more], hi);
    const paragraphs = answer.split('\n\n').slice(1);
    expect(paragraphs).toHaveLength(1);
    expect(paragraphs[0]).toMatch(/” \[1\] “[^”]+” \[2\] \(स्रोत अंग्रेज़ी में है।\)$/);
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
    // The second sentence shares no word with the question: it is not quoted for company.
    expect(answerExtractively('What is the real remedy?', [english], en).answer).toBe(
      `${REPLY_TEXTS.en.opening}\n\nIn *Remedy*, Ambedkar writes: “The real remedy is to destroy ` +
        'the belief in the sanctity of the shastras.” [1]',
    );
    const hindi = passage(HINDI_TEXT, { title: 'Adhar' });
    expect(answerExtractively('What is the basis of caste?', [hindi], en).answer).toMatch(
      /^In \*Adhar\*, Ambedkar writes: “जाति [^”]+” \[1\] \(The source is in Hindi\.\)$/m,
    );
  });
});
/**
 * Cosines of real sentences to real questions, from multilingual-e5-small ("query: " for the
 * question, "passage: " for the sentence), as sentence-meaning.ts computes them.
 */
const NAGPUR_MEANING = new Map([
  ['Many people ask me why Nagpur was decided upon for this work.', 0.8656],
  ['This program was not brought here to Nagpur because of that rumour about the city.', 0.8174],
  ['The reason for choosing this city is different.', 0.7772],
  ['The Nag people spread the teaching of Bhagwan Buddha all over India.', 0.7998],
  ['It seems that the Nag people lived chiefly in Nagpur and the surrounding country.', 0.8332],
  ['This is the main reason for choosing this place.', 0.7573],
  ['Nagpur was chosen because of this.', 0.8754],
]);
const NAGPUR_HINDI_MEANING = new Map([
  ['Many people ask me why Nagpur was decided upon for this work.', 0.8404],
  ['This program was not brought here to Nagpur because of that rumour about the city.', 0.7809],
  ['The reason for choosing this city is different.', 0.7961],
  ['The Nag people spread the teaching of Bhagwan Buddha all over India.', 0.7599],
  ['It seems that the Nag people lived chiefly in Nagpur and the surrounding country.', 0.7928],
  ['This is the main reason for choosing this place.', 0.7707],
  ['Nagpur was chosen because of this.', 0.8574],
]);
/** Annihilation of Caste, section XIV (the fraternity paragraph), as the Markdown copy has it. */
const FRATERNITY = passage(
  'I would not be surprised if some of you have grown weary listening to this tiresome tale of the sad effects which caste has produced. There is nothing new in it. I will therefore turn to the constructive side of the problem. What is your ideal society if you do not want caste is a question that is bound to be asked of you. If you ask me, my ideal would be a society based on _Liberty, Equality_ and _Fraternity._ And why not ? What objection can there be to Fraternity ? I cannot imagine any. An ideal society should be mobile, should be full of channels for conveying a change taking place in one part to other parts. In an ideal society there should be many interests consciously communicated and shared. There should be varied and free points of contact with other modes of association. In other words there must be social endosmosis. This is fraternity, which is only another name for democracy. Democracy is not merely a form of Government. It is primarily a mode of associated living, of conjoint communicated experience. It is essentially an attitude of respect and reverence towards fellowmen.',
  { title: 'Annihilation of Caste' },
);
const FRATERNITY_MEANING = new Map([
  [
    'I would not be surprised if some of you have grown weary listening to this tiresome tale of the sad effects which caste has produced.',
    0.7926,
  ],
  ['I will therefore turn to the constructive side of the problem.', 0.7269],
  [
    'What is your ideal society if you do not want caste is a question that is bound to be asked of you.',
    0.7957,
  ],
  [
    'If you ask me, my ideal would be a society based on _Liberty, Equality_ and _Fraternity.',
    0.772,
  ],
  [
    'An ideal society should be mobile, should be full of channels for conveying a change taking place in one part to other parts.',
    0.7488,
  ],
  [
    'In an ideal society there should be many interests consciously communicated and shared.',
    0.7534,
  ],
  ['There should be varied and free points of contact with other modes of association.', 0.7475],
  ['In other words there must be social endosmosis.', 0.7608],
  ['This is fraternity, which is only another name for democracy.', 0.8159],
  ['Democracy is not merely a form of Government.', 0.7342],
  ['It is primarily a mode of associated living, of conjoint communicated experience.', 0.7703],
  ['It is essentially an attitude of respect and reverence towards fellowmen.', 0.7683],
]);

describe('answerExtractively, by meaning as well as words', () => {
  const hi = { persona, language: 'hi' };
  const nagpur = () => [NAGPUR_ECHO, NAGPUR_REASON];

  it('never leads with a back-reference when the sentence before it holds the reason (Nagpur)', () => {
    for (const meaning of [null, NAGPUR_MEANING]) {
      const question = 'Why was Nagpur chosen for the conversion?';
      const lead =
        quotes(answerExtractively(question, nagpur(), { ...en, meaning }).answer)[0] ?? '';
      // The chain of back-references is read back to the sentences that give the reason.
      expect(lead).toMatch(/^The Nag people spread the teaching/);
      expect(lead.indexOf('the Nag people lived chiefly in Nagpur')).toBeLessThan(
        lead.indexOf('This is the main reason for choosing this place.'),
      );
      expect(lead).toContain('Nagpur was chosen because of this.');
    }
  });

  it('chooses by meaning for a question that shares no word with the writings (Hindi)', () => {
    const question = 'धर्मांतरण के लिए नागपुर क्यों चुना गया?';
    // By words alone nothing matches: the best passages' first quotable sentences are given
    // (never the echo of the question, "Many people ask me why…": issue #29).
    const byWords = quotes(answerExtractively(question, nagpur(), hi).answer);
    expect(byWords[0]).toMatch(/^This program was not brought here to Nagpur/);
    const byMeaning = quotes(
      answerExtractively(question, nagpur(), { ...hi, meaning: NAGPUR_HINDI_MEANING }).answer,
    );
    expect(byMeaning[0]).toContain('the Nag people lived chiefly in Nagpur');
  });

  it('adds a little meaning to words: the definition still leads the fraternity answer', () => {
    // Words weigh most (MEANING_WEIGHT): e5-small ranks the lament first here (0.79), which must
    // not make it a quote; the definition words find stays in.
    const question = 'In Annihilation of Caste, what does Ambedkar mean by fraternity?';
    const byWords = answerExtractively(question, [FRATERNITY], en).answer;
    const options = { ...en, meaning: FRATERNITY_MEANING };
    const withMeaning = answerExtractively(question, [FRATERNITY], options).answer;
    for (const answer of [byWords, withMeaning]) {
      expect(quotes(answer)[0]).toContain(
        'This is fraternity, which is only another name for democracy.',
      );
      expect(answer).not.toContain('tiresome tale');
    }
  });

  it('lets meaning choose between sentences that words rank alike', () => {
    // Alike in words (the same two terms, the same length); the third is far in meaning.
    const opened = 'The tank at Mahad was opened to all castes by the town.';
    const disputed = 'The tank at Mahad was the scene of a long court dispute.';
    const other = 'Many people came from the villages around to see it.';
    const text = passage(`${opened} ${disputed} ${other}`, { title: 'Mahad' });
    const question = 'What happened to the tank at Mahad?';
    // The lead: the first sentence chosen (quotes of one passage then read in its order).
    const lead = (closest: string) =>
      answerExtractively(question, [text], {
        ...en,
        meaning: new Map([
          [opened, closest === opened ? 0.9 : 0.8],
          [disputed, closest === disputed ? 0.9 : 0.8],
          [other, 0.7],
        ]),
      }).quoted?.[0]?.sentences[0];
    expect(lead(opened)).toBe(opened);
    expect(lead(disputed)).toBe(disputed);
  });

  it('chooses by words alone when there is no meaning, or too little of it', () => {
    const question = 'Why was Nagpur chosen for the conversion?';
    const byWords = answerExtractively(question, nagpur(), en).answer;
    const oneVector = new Map([['Nagpur was chosen because of this.', 0.9]]);
    expect(answerExtractively(question, nagpur(), { ...en, meaning: null }).answer).toBe(byWords);
    expect(answerExtractively(question, nagpur(), { ...en, meaning: oneVector }).answer).toBe(
      byWords,
    );
  });

  it('offers for embedding the quotable sentences of the best passages only, best first', () => {
    const sentences = candidateSentences(nagpur());
    expect(sentences[0]).toMatch(/^This program was not brought here to Nagpur/);
    expect(sentences).not.toContain(
      'Many people ask me why Nagpur was decided upon for this work.',
    );
    expect(sentences).toContain('Nagpur was chosen because of this.');
    expect(sentences.some((s) => s.endsWith('?') || s.startsWith('2 '))).toBe(false);
    expect(candidateSentences(nagpur(), 1)).not.toContain('Nagpur was chosen because of this.');
  });

  it('gives each passage its turn when the question shares no word with them (another language)', () => {
    const long = passage(
      Array.from(
        { length: 30 },
        (_, i) => `The river flowed past the old town for the ${i + 1}th time.`,
      ).join(' '),
      { title: 'Rivers' },
    );
    const answering = passage('The Nag people lived chiefly in Nagpur and the country around it.', {
      title: 'Why Was Nagpur Chosen?',
    });
    const reason = 'The Nag people lived chiefly in Nagpur and the country around it.';
    // "Why was Nagpur chosen?" in Marathi: no word in common, so meaning alone will choose.
    const inMarathi = candidateSentences([long, answering], 5, 'नागपूरच का निवडले?');
    expect(inMarathi.slice(0, 2)).toEqual([
      'The river flowed past the old town for the 1th time.',
      reason,
    ]);
    expect(inMarathi).toHaveLength(24);
    // In English it shares "river": the best passage's sentences fill the 24 places first.
    const inEnglish = candidateSentences([long, answering], 5, 'Where did the river flow?');
    expect(inEnglish).not.toContain(reason);
    expect(candidateSentences([long, answering])).toEqual(inEnglish);
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
