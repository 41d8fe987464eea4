import { describe, expect, it } from 'vitest';
import { Bm25Index } from './bm25-index.ts';
import { analyze, tokenize, tokenizeQuery } from './tokenizer.ts';

describe('tokenize', () => {
  it('drops English stop words and stems inflections to one term', () => {
    const terms = tokenize('The Untouchables were denied the right to education');
    expect(terms).not.toContain('the');
    expect(terms).not.toContain('were');
    expect(terms).not.toContain('to');
    expect(terms).toHaveLength(4);
    expect(tokenize('castes')).toEqual(tokenize('caste'));
    expect(tokenize('educated')).toEqual(tokenize('education'));
    expect(tokenize('constitutional')).toEqual(tokenize('Constitution'));
    expect(tokenize('caste')).not.toEqual(tokenize('cast iron'));
  });

  it('lower-cases, folds Latin diacritics and ignores punctuation and possessives', () => {
    expect(tokenize('Mahārāṣṭra')).toEqual(tokenize('maharastra'));
    expect(tokenize('“Ambedkar’s”')).toEqual(tokenize('AMBEDKAR'));
    expect(tokenize('(caste),')).toEqual(tokenize('caste'));
    expect(tokenize('B.R. Ambedkar')).toEqual(tokenize('B. R. Ambedkar'));
    expect(tokenize('ﬁnal')).toEqual(tokenize('final'));
    expect(tokenize('self-respect')).toEqual([...tokenize('self'), ...tokenize('respect')]);
  });

  it('keeps Devanagari words whole, vowel signs and viramas included', () => {
    expect(analyze('हिन्दू धर्म में जाति-व्यवस्था').words).toEqual(['हिंदू', 'धर्म', 'में', 'जाति', 'व्यवस्था']);
    // क़ as one code point (U+0958) and as क + nukta are the same word.
    expect(tokenize('\u0958ानून')).toEqual(tokenize('\u0915\u093cानून'));
  });

  it('keeps Tamil words whole in the words, and stems them as Tamil in the terms', () => {
    const text = 'இந்தியாவில் சாதிகள் - அவற்றின் அமைப்பியக்கம்,';
    expect(analyze(text).words).toEqual(['இந்தியாவில்', 'சாதிகள்', 'அவற்றின்', 'அமைப்பியக்கம்']);
    // A case ending or plural joined to the word ("to caste", "of caste", "castes") goes.
    expect(new Set(tokenize('சாதி சாதிக்கு சாதியின் சாதிகள்'))).toEqual(new Set(tokenize('சாதி')));
    expect(tokenize('தனித்தன்மையான')).toEqual(tokenize('தனித்தன்மைவாய்ந்த'));
    expect(tokenize('வழக்கங்கள்')).toEqual(tokenize('வழக்கம்'));
  });

  it('keeps numbers, whatever their digits or separators', () => {
    expect(tokenize('On 25 November 1949.')).toContain('1949');
    expect(tokenize('1,949')).toEqual(['1949']);
    expect(tokenize('१९४९')).toEqual(['1949']);
    expect(tokenize('25th')).toHaveLength(1);
  });

  it('gives the same terms in a sentence as for the words alone', () => {
    const sentence = 'Caste, in “India”, means an artificial chopping-off of the population.';
    const oneByOne = sentence.split(/\s+/).flatMap((word) => tokenize(word));
    expect(tokenize(sentence)).toEqual(oneByOne);
    expect(tokenize(sentence).join(' ')).toBe(tokenize(sentence.replace(/\s+/g, '\n  ')).join(' '));
  });
});

describe('Devanagari analysis', () => {
  it('drops Hindi and Marathi stop words', () => {
    expect(tokenize('यह किताब उनके लिए है और वह भी')).toEqual(tokenize('किताब'));
    expect(tokenize('ते पुस्तक आहे आणि हे')).toEqual(tokenize('पुस्तक'));
    expect(tokenizeQuery('क्या है?')).toEqual([]);
  });

  it('gives inflected forms and spelling variants one term', () => {
    expect(tokenize('किताबों')).toEqual(tokenize('किताब'));
    expect(tokenize('जातियों')).toEqual(tokenize('जाति'));
    expect(tokenize('ज़मीन')).toEqual(tokenize('जमीन'));
    expect(tokenize('माँगें')).toEqual(tokenize('मांग'));
    expect(tokenize('हिन्दी')).toEqual(tokenize('हिंदी'));
    expect(tokenize('सम्बन्ध')).toEqual(tokenize('संबंध'));
    expect(tokenize('जाति')).not.toEqual(tokenize('जनता'));
  });

  it('strips Marathi case markers in Marathi text only', () => {
    const marathi = tokenize('समाजाच्या जातींमध्ये भेद आहे');
    expect(marathi).toEqual(tokenize('समाज जातियों भेद'));
    // "रस्त्यावर" (on the road) loses its marker in Marathi; Hindi has no such ending to strip.
    expect(tokenize('रस्त्यावर आहे')).toEqual(tokenize('रस्त्या आहे'));
    expect(tokenize('रस्त्यावर है')).not.toEqual(tokenize('रस्त्या है'));
  });

  it('drops "according to" and "please tell" from Hindi questions', () => {
    expect(tokenizeQuery('कृपया बताइए, अंबेडकर के अनुसार जाति क्या है?')).toEqual(
      tokenizeQuery('अंबेडकर जाति'),
    );
  });

  it('lets a Hindi question find the passage that uses other forms of its words', () => {
    const index = new Bm25Index();
    index.upsertDocument('hi', [
      { id: 'books', text: 'अछूतों के लिए किताब और शिक्षा सबसे ज़रूरी है।' },
      { id: 'castes', text: 'हिन्दू समाज में जाति की व्यवस्था जन्म पर टिकी है।' },
      { id: 'land', text: 'गाँव की जमीन पर ऊँची जातियों का कब्जा था।' },
      // Only function words of the questions, in their exact forms: without stop words and
      // stems this passage matches each question best.
      { id: 'noise', text: 'क्या वे किस पर हैं? किसका है? हाँ, वे उसके बारे में ही हैं।' },
    ]);
    const top = (query: string) => index.search(query, { limit: 1 })[0]?.chunkId;
    expect(top('अछूत किताबों के बारे में क्या कहते हैं?')).toBe('books');
    expect(top('हिंदू जातियाँ किस पर टिकी हैं?')).toBe('castes');
    expect(top('ज़मीनों पर किसका कब्ज़ा?')).toBe('land');
  });
});

describe('analyze', () => {
  it('returns the words, stop words included, alongside the terms', () => {
    const { terms, words } = analyze('The Buddha and His Dhamma');
    expect(words).toEqual(['the', 'buddha', 'and', 'his', 'dhamma']);
    expect(terms).toEqual(tokenize('Buddha Dhamma'));
  });

  it('gives equal words for texts differing only in case, spacing and punctuation', () => {
    expect(analyze('Caste  in India:\nits mechanism').words).toEqual(
      analyze('caste in India — its Mechanism.').words,
    );
  });
});

describe('tokenizeQuery', () => {
  it('returns each term once, in order of first use', () => {
    expect(tokenizeQuery('caste and caste system')).toEqual(tokenize('caste system'));
  });

  it('drops question filler unless nothing else is left', () => {
    expect(tokenizeQuery('Please explain what Ambedkar does say about caste')).toEqual(
      tokenizeQuery('Ambedkar say caste'),
    );
    expect(tokenizeQuery('Please explain')).toEqual(tokenize('please explain'));
  });

  it('is empty for a question of stop words only', () => {
    expect(tokenizeQuery('What is it that he would have?')).toEqual([]);
  });
});

describe('Tamil analysis', () => {
  it('lets a Tamil question find the passage that uses other forms of its words', () => {
    const index = new Bm25Index();
    // Team-written sentences: "This town has many castes." / "The right to draw water from
    // the well is needed." / a sentence of other words.
    index.upsertDocument('ta', [
      { id: 'castes', text: 'இந்த ஊரில் சாதிகள் பல உள்ளன.' },
      { id: 'water', text: 'கிணற்றில் தண்ணீர் எடுக்க உரிமை வேண்டும்.' },
      { id: 'other', text: 'அவர் நேற்று புத்தகம் படித்தார்.' },
    ]);
    const top = (query: string) => index.search(query, { limit: 1 })[0]?.chunkId;
    // "The state of caste?" and "the right to water": neither form is in the passages.
    expect(top('சாதியின் நிலை?')).toBe('castes');
    expect(top('தண்ணீருக்கான உரிமைகள்')).toBe('water');
  });
});
