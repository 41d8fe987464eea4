import { describe, expect, it } from 'vitest';
import {
  clearQuoteDraft,
  hasQuoteDraft,
  quoteDraftFromState,
  quoteSourceLabel,
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
