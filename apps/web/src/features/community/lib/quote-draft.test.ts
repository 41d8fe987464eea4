import { describe, expect, it } from 'vitest';
import {
  clearQuoteDraft,
  hasQuoteDraft,
  quoteDraftFromState,
  quoteSourceLabel,
  quoteSpeaker,
  readQuoteDraft,
  storeQuoteDraft,
} from './quote-draft.ts';

const state = {
  quote: {
    excerpt: '  Caste is a state of mind.  ',
    source: {
      file_name: 'annihilation.pdf',
      page: 12,
      page_label: 'xii',
      link: '/api/documents/d1/file#page=12',
    },
  },
};

describe('quoteDraftFromState', () => {
  it("turns the chat's source into the post's quote source", () => {
    expect(quoteDraftFromState(state)).toEqual({
      content: 'Caste is a state of mind.',
      source: {
        fileName: 'annihilation.pdf',
        page: 12,
        pageLabel: 'xii',
        link: '/api/documents/d1/file#page=12',
      },
    });
  });

  it("turns a source reader link into its document's file link (issue 20)", () => {
    const draft = quoteDraftFromState({
      quote: { excerpt: 'x', source: { file_name: 'a.md', link: '/sources/d_2-x?chunk=d_2-x-9' } },
    });
    expect(draft?.source.link).toBe('/api/documents/d_2-x/file');
  });

  it('drops links the post API would refuse and pages that are not pages', () => {
    const draft = quoteDraftFromState({
      quote: {
        excerpt: 'x',
        source: { file_name: 'a.pdf', page: -3, link: 'https://evil.example/file' },
      },
    });
    expect(draft?.source).toEqual({ fileName: 'a.pdf', page: null, pageLabel: null, link: null });
    expect(
      quoteDraftFromState({
        quote: { excerpt: 'x', source: { file_name: 'a.pdf', link: 'javascript:alert(1)' } },
      })?.source.link,
    ).toBeNull();
  });

  it("carries the speaker of words that are not the reformer's, trimmed and bounded", () => {
    const spoken = quoteDraftFromState({
      quote: {
        ...state.quote,
        source: { ...state.quote.source, speaker: ' T. T. Krishnamachari ' },
      },
    });
    expect(spoken?.source.speaker).toBe('T. T. Krishnamachari');
    const long = quoteDraftFromState({
      quote: { excerpt: 'x', source: { file_name: 'a.pdf', speaker: '😀'.repeat(300) } },
    });
    expect(Array.from(long?.source.speaker ?? '')).toHaveLength(120);
    // No speaker, or not a string: the source has no speaker key at all (the reformer's words).
    for (const speaker of [undefined, '  ', 42]) {
      const draft = quoteDraftFromState({
        quote: { excerpt: 'x', source: { file_name: 'a.pdf', speaker } },
      });
      expect(draft && 'speaker' in draft.source).toBe(false);
    }
  });

  it('reads nothing from missing or malformed state', () => {
    expect(quoteDraftFromState(null)).toBeNull();
    expect(quoteDraftFromState({})).toBeNull();
    expect(quoteDraftFromState({ quote: { excerpt: '   ', source: { file_name: 'a' } } })).toBe(
      null,
    );
    expect(quoteDraftFromState({ quote: { excerpt: 'x', source: { file_name: 7 } } })).toBeNull();
  });

  it('cuts an over-long excerpt to the post limit in code points', () => {
    const draft = quoteDraftFromState({
      quote: { excerpt: '😀'.repeat(600), source: { file_name: 'a.pdf' } },
    });
    expect(Array.from(draft?.content ?? '')).toHaveLength(500);
  });
});

describe('stored drafts', () => {
  it('keeps a draft in session storage until it is cleared', () => {
    const draft = quoteDraftFromState(state);
    if (!draft) throw new Error('no draft');
    storeQuoteDraft(draft);
    expect(hasQuoteDraft()).toBe(true);
    expect(readQuoteDraft()).toEqual(draft);
    expect(readQuoteDraft()).toEqual(draft);
    clearQuoteDraft();
    expect(hasQuoteDraft()).toBe(false);
    expect(readQuoteDraft()).toBeNull();
  });

  it('keeps the speaker across the stored draft', () => {
    const draft = quoteDraftFromState({
      quote: { ...state.quote, source: { ...state.quote.source, speaker: 'M. K. Gandhi' } },
    });
    if (!draft) throw new Error('no draft');
    storeQuoteDraft(draft);
    expect(readQuoteDraft()?.source.speaker).toBe('M. K. Gandhi');
    clearQuoteDraft();
  });

  it('ignores a stored value that is not a draft', () => {
    sessionStorage.setItem('samvad.quoteDraft', '{"content":"x","source":{"link":"javascript:"}}');
    expect(readQuoteDraft()).toBeNull();
    sessionStorage.setItem('samvad.quoteDraft', 'not json');
    expect(readQuoteDraft()).toBeNull();
  });
});

describe('quoteSourceLabel', () => {
  it('names the file and the printed page, else the page number', () => {
    expect(quoteSourceLabel({ fileName: 'a.pdf', page: 12, pageLabel: 'xii' })).toBe(
      'a.pdf, p. xii',
    );
    expect(quoteSourceLabel({ fileName: 'a.pdf', page: 12, pageLabel: null })).toBe('a.pdf, p. 12');
    expect(quoteSourceLabel({ fileName: 'a.pdf', page: null })).toBe('a.pdf');
  });
});

describe('quoteSpeaker', () => {
  it('names the speaker only when the quote says whose words they are', () => {
    expect(quoteSpeaker({ fileName: 'a.pdf', page: 1, speaker: 'T. T. Krishnamachari' })).toBe(
      'T. T. Krishnamachari',
    );
    expect(quoteSpeaker({ fileName: 'a.pdf', page: 1, speaker: null })).toBeNull();
    expect(quoteSpeaker({ fileName: 'a.pdf', page: 1 })).toBeNull();
  });
});

// Issue #29: a quote names its work by title and page, never by file name (older posts,
// posted before titles travelled with quotes, still show their file name).
describe('quote titles', () => {
  const pdf = {
    quote: {
      excerpt: 'The real remedy for breaking Caste is inter-marriage.',
      source: {
        file_name: 'baws_vol01_annihilation_of_caste.pdf',
        title: '  Annihilation of Caste with a Reply to Mahatma Gandhi ',
        page: 45,
        page_label: '67',
        link: '/api/documents/abc/file#page=45',
      },
    },
  };

  it('carries the title from the chat source and shows it with the printed page', () => {
    const draft = quoteDraftFromState(pdf);
    expect(draft?.source.title).toBe('Annihilation of Caste with a Reply to Mahatma Gandhi');
    expect(quoteSourceLabel(draft?.source ?? { fileName: '', page: null })).toBe(
      'Annihilation of Caste with a Reply to Mahatma Gandhi, p. 67',
    );
  });

  it('keeps the title across the stored draft', () => {
    const draft = quoteDraftFromState(pdf);
    if (!draft) throw new Error('no draft');
    storeQuoteDraft(draft);
    expect(readQuoteDraft()?.source.title).toBe(draft.source.title);
    clearQuoteDraft();
  });

  it('names an older post without a title by its file name', () => {
    expect(quoteSourceLabel({ fileName: 'speech1.txt', page: null })).toBe('speech1.txt');
  });
});
