import { SOURCE_EXCERPT_MAX_LENGTH, type Source } from '@samvad/contracts/sources';
import type { Passage } from '../services/knowledge-index.ts';

export function presentSource(passage: Passage): Source {
  return {
    file_name: passage.fileName,
    page: passage.page,
    page_label: passage.pageLabel,
    score: Math.min(1, Math.max(0, passage.score)),
    link: passage.link,
    excerpt: excerptOf(passage.text),
  };
}

/**
 * The passage's opening, whitespace collapsed, cut after the last full sentence (or word) that
 * fits in SOURCE_EXCERPT_MAX_LENGTH code points.
 */
export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const points = [...flat];
  if (points.length <= SOURCE_EXCERPT_MAX_LENGTH) return flat;
  const head = points.slice(0, SOURCE_EXCERPT_MAX_LENGTH - 1).join('');
  const sentenceEnd = Math.max(
    head.lastIndexOf('. '),
    head.lastIndexOf('? '),
    head.lastIndexOf('! '),
  );
  if (sentenceEnd > head.length / 2) return head.slice(0, sentenceEnd + 1);
  const wordEnd = head.lastIndexOf(' ');
  return `${(wordEnd > 0 ? head.slice(0, wordEnd) : head).replace(/[\s,;:]+$/, '')}…`;
}
