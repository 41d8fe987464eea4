import type { DocumentTextResponse } from '@samvad/contracts/source-reader';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

/** Where a window of text starts: around the cited passage, or on from an earlier window. */
export type TextCursor =
  | { around: string }
  | { before: number }
  | { after: number }
  | Record<string, never>;

/** Chunks per window (~300 words each): a few screens of reading. */
export const READER_WINDOW = 20;

/** GET /api/documents/{id}/text: a window of the document's text. */
export function getDocumentText(
  documentId: string,
  cursor: TextCursor,
  signal?: AbortSignal,
): Promise<DocumentTextResponse> {
  const query = new URLSearchParams({ limit: String(READER_WINDOW) });
  for (const [key, value] of Object.entries(cursor)) query.set(key, String(value));
  return apiFetch<DocumentTextResponse>(
    `/api/documents/${encodeURIComponent(documentId)}/text?${query}`,
    { signal },
  );
}

export const documentTextQueryOptions = (documentId: string, chunkId: string | null) =>
  infiniteQueryOptions({
    queryKey: ['source-reader', documentId, chunkId ?? ''],
    queryFn: ({ pageParam, signal }) => getDocumentText(documentId, pageParam, signal),
    initialPageParam: (chunkId ? { around: chunkId } : {}) as TextCursor,
    getNextPageParam: (last): TextCursor | undefined =>
      last.after === null ? undefined : { after: last.after },
    getPreviousPageParam: (first): TextCursor | undefined =>
      first.before === null ? undefined : { before: first.before },
    // The corpus changes rarely; a reader scrolling back and forth needs no refetch.
    staleTime: 5 * 60_000,
    retry: (count, error) => count < 2 && !isNotFound(error),
  });

/** The document's text, read on in both directions from the cited passage. */
export function useDocumentText(documentId: string, chunkId: string | null) {
  return useInfiniteQuery(documentTextQueryOptions(documentId, chunkId));
}

export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}
