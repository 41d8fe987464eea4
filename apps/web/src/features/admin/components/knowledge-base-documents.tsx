import type { AdminDocument } from '@samvad/contracts/admin-documents';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../../shared/ui/badge.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { SortableHeader } from '../../../shared/ui/sortable-header.tsx';
import { embeddingBusy, useEmbeddingStatus } from '../api/get-embedding-status.ts';
import { ADMIN_DOCUMENTS_KEY, useAdminDocuments } from '../api/list-documents.ts';
import { useSortedRows } from '../hooks/use-sorted-rows.ts';
import { formatDateTime } from '../lib/format-date.ts';
import { timeValue } from '../lib/sort-rows.ts';
import { bodyRowClass, headRowClass, ListState, TableFrame, Td } from './data-table.tsx';
import { KnowledgeBaseDetailsDialog } from './knowledge-base-details-dialog.tsx';
import { formatBytes } from './knowledge-base-progress.tsx';
import { KnowledgeBaseRemoveDialog } from './knowledge-base-remove-dialog.tsx';
import { TabSection } from './tab-section.tsx';

const columns = {
  title: (d: AdminDocument) => d.title,
  file: (d: AdminDocument) => d.fileName,
  pages: (d: AdminDocument) => d.pageCount,
  chunks: (d: AdminDocument) => d.chunkCount,
  status: (d: AdminDocument) => d.status,
  added: (d: AdminDocument) => timeValue(d.createdAt),
};

const STATUS_LABELS: Record<string, string> = { ready: 'Ready', embedding: 'Embedding' };

/**
 * A document waiting for vectors is 'Embedding' while the model loads or a run goes on. When
 * nothing will embed it (the model unavailable, embeddings off, a run stopped on an error) it
 * reads 'Words only': it is searchable by its words, and waits for the next upload or start.
 * When a run ends the list is read again, so finished documents turn 'Ready' without a reload.
 */
function useEmbeddingIdle(): boolean {
  const status = useEmbeddingStatus();
  const queryClient = useQueryClient();
  const idle = status.data ? !embeddingBusy(status.data) : false;
  useEffect(() => {
    if (idle) void queryClient.invalidateQueries({ queryKey: ADMIN_DOCUMENTS_KEY });
  }, [idle, queryClient]);
  return idle;
}

function statusLabel(status: string, embeddingIdle: boolean): string {
  if (status === 'embedding' && embeddingIdle) return 'Words only';
  return STATUS_LABELS[status] ?? status;
}

/**
 * Answers cite this document by its tidied file name: nothing in the file, nor a copy of its
 * work, named it (issue #29 item 5), and no admin has given it a title yet.
 */
export function titledByFileName(document: AdminDocument): boolean {
  return document.titleSource === 'file_name' && document.details.title === null;
}

/**
 * The documents answers are drawn from, newest first until a header is clicked; Edit details
 * (the title, author, volume and year answers cite) and Remove.
 */
export function KnowledgeBaseDocuments() {
  const list = useAdminDocuments();
  const { rows, headerProps } = useSortedRows(list.data?.documents, columns);
  const [removing, setRemoving] = useState<AdminDocument | null>(null);
  const [editing, setEditing] = useState<AdminDocument | null>(null);
  const embeddingIdle = useEmbeddingIdle();
  const count = list.data?.documents.length;

  return (
    <TabSection
      title="Documents"
      description={
        count === undefined
          ? 'Everything answers can cite.'
          : `${count} ${count === 1 ? 'document' : 'documents'} that answers can cite.`
      }
    >
      <ListState
        isPending={list.isPending}
        error={list.error}
        isEmpty={rows.length === 0}
        empty="No documents yet: upload some above."
        onRetry={() => void list.refetch()}
      />
      {rows.length > 0 && (
        // Relative: the sr-only texts inside (position: absolute) stay within the scrolling frame
        // instead of widening the page on phones.
        <TableFrame label="Documents" className="relative min-w-[860px]">
          <thead>
            <tr className={headRowClass}>
              <SortableHeader {...headerProps('title')}>Title</SortableHeader>
              <SortableHeader {...headerProps('file')}>File</SortableHeader>
              <SortableHeader {...headerProps('pages')}>Pages</SortableHeader>
              <SortableHeader {...headerProps('chunks')}>Chunks</SortableHeader>
              <SortableHeader {...headerProps('status')}>Status</SortableHeader>
              <SortableHeader {...headerProps('added')}>Added</SortableHeader>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((document) => (
              <tr key={document.id} className={bodyRowClass}>
                <Td>
                  <span className="font-medium break-words">{document.title}</span>
                  {titledByFileName(document) && (
                    <p className="mt-1">
                      <Badge variant="outline">Title from file name</Badge>
                      <span className="sr-only">
                        : the file names itself nowhere; use Edit details
                      </span>
                    </p>
                  )}
                  {document.warning && (
                    <p className="mt-1 flex items-start gap-1.5 text-xs leading-relaxed text-muted-foreground">
                      <TriangleAlert aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                      <span>
                        <span className="sr-only">Warning: </span>
                        {document.warning}
                      </span>
                    </p>
                  )}
                </Td>
                <Td>
                  <a
                    href={`/api/documents/${encodeURIComponent(document.id)}/file`}
                    target="_blank"
                    rel="noopener"
                    className="break-words underline-offset-2 hover:underline"
                  >
                    {document.fileName}
                  </a>
                  <p className="text-xs text-muted-foreground tabular-nums">
                    {formatBytes(document.bytes)}
                  </p>
                </Td>
                <Td className="tabular-nums">{document.pageCount ?? '—'}</Td>
                <Td className="tabular-nums">{document.chunkCount}</Td>
                <Td>
                  <Badge variant={document.status === 'ready' ? 'neutral' : 'outline'}>
                    {statusLabel(document.status, embeddingIdle)}
                  </Badge>
                </Td>
                <Td className="whitespace-nowrap">{formatDateTime(document.createdAt)}</Td>
                <Td>
                  <div className="flex gap-2">
                    <Button
                      variant="outline"
                      className="h-8 px-3 text-xs whitespace-nowrap"
                      aria-label={`Edit details of ${document.fileName}`}
                      onClick={() => setEditing(document)}
                    >
                      <Pencil aria-hidden />
                      Edit details
                    </Button>
                    <Button
                      variant="outline"
                      className="h-8 px-3 text-xs"
                      aria-label={`Remove ${document.fileName}`}
                      onClick={() => setRemoving(document)}
                    >
                      <Trash2 aria-hidden />
                      Remove
                    </Button>
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
      {editing && (
        <KnowledgeBaseDetailsDialog document={editing} onClose={() => setEditing(null)} />
      )}
      {removing && (
        <KnowledgeBaseRemoveDialog document={removing} onClose={() => setRemoving(null)} />
      )}
    </TabSection>
  );
}
