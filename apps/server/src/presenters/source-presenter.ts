import type { Source } from '@samvad/contracts/sources';
import type { Passage } from '../services/knowledge-index.ts';

export function presentSource(passage: Passage): Source {
  return {
    file_name: passage.fileName,
    page: passage.page,
    page_label: passage.pageLabel,
    score: Math.min(1, Math.max(0, passage.score)),
    link: passage.link,
  };
}
