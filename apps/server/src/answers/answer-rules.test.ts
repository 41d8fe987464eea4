import { readFileSync } from 'node:fs';
import type { Persona } from '@samvad/contracts/persona';
import { describe, expect, it } from 'vitest';
import { testPassage } from '../../test/support/test-passage.ts';
import type { Passage } from '../retrieval/passage.ts';
import { answerExtractively } from './extractive-answerer.ts';

// Issue #29: the rules of the offline answer on real sentences of the shared corpus. Each
// passage is the text of a chunk as the knowledge base holds it.

// The default persona (Dr. B. R. Ambedkar), with his names in other scripts.
const persona = JSON.parse(
  readFileSync(new URL('../../config/persona.default.json', import.meta.url), 'utf8'),
) as Persona;
const en = { persona, language: 'en' };

/** A passage of the debate of 25 November 1949 (HTML), unless the test says otherwise. */
const passage = (text: string, extra: Partial<Passage> = {}): Passage =>
  testPassage(text, {
    contentType: 'text/html',
    title: 'Constituent Assembly Debates, 25 Nov 1949',
    textKind: 'speech',
    ...extra,
  });

/** The quoted passages, in the order they appear. */
function quotes(answer: string): string[] {
  return [...answer.matchAll(/“([^”]+)”/g)].map((match) => match[1] ?? '');
}

// Constituent Assembly Debates, 25 November 1949, paragraphs 11.165.248–249: two turns of one
// member, the second only "Thank you very much." (cad_volume_11_25-nov-1949.html).
const KRISHNAMACHARI = passage(
  'T. T. Krishnamachari: On final word before I sit down and it is this. Let honourable Members ' +
    'realise that even those of us in the Drafting Committee had notions of our own, had bias of ' +
    'our own; but we approached this work purely without any bias, and the result is what is ' +
    'before the House. It may be good in parts like the Curate’s egg, or it may be very good ' +
    'taken as a whole, but I would only say this in conclusion that people worked on this ' +
    'Constitution only for the purpose of giving the common man of this country a Constitution ' +
    'which will make his life worth living.\n\nT. T. Krishnamachari: Thank you very much.',
  { speakerRole: 'other', speaker: 'T. T. Krishnamachari' },
);

describe('a quote never crosses a speaker’s turn', () => {
  it('leaves out the next turn, even its last line, and never quotes a speaker’s label', () => {
    const result = answerExtractively(
      'What did T. T. Krishnamachari say about the Drafting Committee and the Curate’s egg?',
      [KRISHNAMACHARI],
      en,
    );
    const quoted = quotes(result.answer);
    expect(quoted.length).toBeGreaterThan(0);
    expect(quoted.join(' ')).toContain('Curate’s egg');
    for (const text of quoted) {
      expect(text).not.toMatch(/Thank you very much/);
      expect(text).not.toMatch(/Krishnamachari:/);
    }
    expect(result.answer).toMatch(/T\. T\. Krishnamachari/);
  });
});

// Annihilation of Caste (text/annihilation_of_caste.md): his words, quoted in English under a
// lead in the question's language.
const REMEDY = passage(
  'The real remedy for breaking Caste is inter-marriage. Nothing else will serve as the ' +
    'solvent of Caste.',
  { title: 'Annihilation of Caste', textKind: 'writing', page: 81, pageLabel: '67' },
);

/** The answer without its quotes and the work's title: the fixed words the answer adds. */
function fixedWords(answer: string): string {
  return answer.replace(/“[^”]*”/g, '').replace(/\*Annihilation of Caste\*/g, '');
}

describe('labels in the answer’s language', () => {
  it.each([
    ['hi', 'जाति तोड़ने का असली उपाय क्या है?', 'अम्बेडकर', 'लिखते हैं'],
    // Marathi shares Hindi's script, not its spelling of his name (persona reformerNameByLanguage).
    ['mr', 'जात मोडण्याचा खरा उपाय कोणता आहे?', 'आंबेडकर', 'लिहितात'],
    ['ta', 'சாதியை உடைக்க உண்மையான தீர்வு என்ன?', 'அம்பேத்கர்', 'எழுதுகிறார்'],
  ])(
    '%s: the lead, the page and the note are in the question’s script',
    (language, question, name, writes) => {
      const { answer } = answerExtractively(question, [REMEDY], { persona, language });
      expect(answer).toContain('The real remedy for breaking Caste is inter-marriage.');
      expect(answer).toContain(name);
      expect(answer).toContain(writes);
      // No Latin letters outside the quote and the work's title: not "Ambedkar,", not "p.".
      expect(fixedWords(answer)).not.toMatch(/[A-Za-z]/);
    },
  );
});

// Why Was Nagpur Chosen? (text/why_was_nagpur_chosen_conversion_speech.md), section 3 as the
// knowledge base holds it, with the source's lost space in "people.It".
const NAGPUR = passage(
  '3 The Nag People\'s "Nag"-pur\n\nThe reason for choosing this city is different. Those who ' +
    'read Buddhist history will come to know that in India, if anyone spread Buddhism, it was the ' +
    'Nag people. The Nag people were fearful enemies of the Aryans. They met that great man in ' +
    'Gautam Buddha. The Nag people spread the teaching of Buagwan Buddha all over India. Thus we ' +
    'are like Nag people.It seems that the Nag people lived chiefly in Nagpur and the surrounding ' +
    'country. So they call this city Nagpur, meaning city of Nags. About 27 miles from here the ' +
    'Nag Nadi river flows. Of course the name of the river comes from the people living here. In ' +
    'the middle of the Nag habitation runs the Nag Nadi. This is the main reason for choosing ' +
    'this place. Nagpur was chosen because of this.',
  { title: 'Why Was Nagpur Chosen?', headingPath: ['3 The Nag People\'s "Nag"-pur'] },
);

describe('the lead answers', () => {
  it('quotes a back-reference with what it refers to: the reason, not "because of this" alone', () => {
    const { answer } = answerExtractively(
      'Why was Nagpur chosen for the conversion?',
      [NAGPUR],
      en,
    );
    const lead = quotes(answer)[0] ?? '';
    expect(lead).toContain('the Nag people lived chiefly in Nagpur and the surrounding country.');
    expect(lead.indexOf('lived chiefly in Nagpur')).toBeLessThan(
      lead.indexOf('Nagpur was chosen because of this.'),
    );
    // No quote is a back-reference on its own.
    for (const text of quotes(answer)) expect(text).not.toMatch(/^This is the main reason/);
  });

  it('never quotes a back-reference whose antecedent is not there to quote', () => {
    const alone = passage(`This is the main reason for choosing this place.\n\n${NAGPUR.text}`);
    const { answer } = answerExtractively('Why was this place chosen?', [alone], en);
    expect(quotes(answer).some((text) => text.startsWith('This is the main reason'))).toBe(false);
  });

  // Annihilation of Caste (text/annihilation_of_caste.md): a lament and a signpost of the
  // speech, both about caste, neither an answer.
  const FILLER = passage(
    'Whether what I am going to say today will help you in any way to solve the problem you are ' +
      'grappling with is for you to judge. We are indeed witnesses to a great tragedy. In the ' +
      'face of this tragedy all one can do is to lament and say—such be thy Leaders, O! Hindus.' +
      '\n\nCaste is not a division of labour. It is a division of labourers. The caste system ' +
      'prevents common activity and by preventing common activity it has prevented the Hindus ' +
      'from becoming a society with a unified life and a consciousness of its own being.',
    { title: 'Annihilation of Caste', textKind: 'writing' },
  );

  it('quotes no rhetorical or transitional filler', () => {
    const { answer } = answerExtractively(
      'What did Ambedkar say about the annihilation of caste and its leaders?',
      [FILLER],
      en,
    );
    const quoted = quotes(answer).join(' ');
    expect(quoted).toContain('The caste system prevents common activity');
    expect(quoted).not.toMatch(/lament|O! Hindus|what I am going to say/);
  });
});

// Annihilation of Caste, section XIV (text/annihilation_of_caste.md), after a passage that
// names fraternity without defining it (section XXIV, on the Upanishads).
const UPANISHADS = passage(
  'But I am told that for such religious principles as will be in consonance with Liberty, ' +
    'Equality and Fraternity it may not be necessary for you to borrow from foreign sources and ' +
    'that you could draw for such principles on the Upanishads.',
  { title: 'Annihilation of Caste', textKind: 'writing', score: 0.61 },
);
const IDEAL_SOCIETY = passage(
  'What is your ideal society if you do not want caste is a question that is bound to be asked ' +
    'of you. If you ask me, my ideal would be a society based on Liberty, Equality and Fraternity. ' +
    'In other words there must be social endosmosis. This is fraternity, which is only another ' +
    'name for democracy. Democracy is not merely a form of Government. It is primarily a mode of ' +
    'associated living, of conjoint communicated experience.',
  { title: 'Annihilation of Caste', textKind: 'writing', score: 0.54 },
);

describe('the lead defines what was asked', () => {
  it('leads "what does he mean by fraternity" with the sentence that says what it is', () => {
    const { answer } = answerExtractively(
      'In Annihilation of Caste, what does Ambedkar mean by fraternity?',
      [UPANISHADS, IDEAL_SOCIETY],
      en,
    );
    expect(quotes(answer)[0]).toContain(
      'This is fraternity, which is only another name for democracy.',
    );
    // The question echoed ("…is a question that is bound to be asked of you") is never quoted.
    expect(answer).not.toContain('bound to be asked');
  });
});

describe('statements that only look like filler', () => {
  it('quotes a story sentence that ends with the shout it reports', () => {
    // Waiting for a Visa, section 4 (text/waiting_for_a_visa.md), as the chunk holds it.
    const story = passage(
      'We had just commenced asking the guard the procedure for obtaining permission to go into ' +
        'the fort. In the meantime an old Mohammedan with [a] white flowing beard was coming from ' +
        'behind shouting "The Dheds (meaning untouchables) have polluted the tank!" Soon all the ' +
        'young and old Mohammedans who were nearabout joined him and all started abusing us.',
      { title: 'Waiting for a Visa', textKind: 'writing' },
    );
    const { answer } = answerExtractively(
      'What did the old Mohammedan with a white beard shout about the tank?',
      [story],
      en,
    );
    expect(quotes(answer).join(' ')).toContain('have polluted the tank!');
  });

  it('quotes an answer he framed as a condition ("If I was asked…")', () => {
    // The debate of 9 December 1948 on article 25 (later 32), as the chunk holds it.
    const article = passage(
      'Dr. B. R. Ambedkar: Sir, I have very little to add. If I was asked to name any particular ' +
        'article in this Constitution as the most important–an article without which this ' +
        'Constitution would be a nullity–I could not refer to any other article except this one. ' +
        'It is the very soul of the Constitution and the very heart of it.',
      { title: 'Constituent Assembly Debates, 09 Dec 1948', speaker: 'B. R. Ambedkar' },
    );
    const { answer } = answerExtractively(
      'Which article did he name as the one without which the Constitution would be a nullity?',
      [article],
      en,
    );
    expect(quotes(answer).join(' ')).toContain('If I was asked to name any particular article');
  });
});
