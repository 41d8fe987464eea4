import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { SourceReader } from '../../features/source-reader/components/source-reader.tsx';
import { readPdfTarget } from '../../features/source-reader/lib/pdf-target.ts';

/**
 * `/sources/{documentId}?chunk={chunkId}`: 'View source' for every format but PDF (issue 20);
 * `/sources/{documentId}?page={n}&label={printed page}&q={cited text}`: a PDF's page (issue #29).
 */
export default function SourceReaderRoute() {
  const { documentId = '' } = useParams();
  const [search] = useSearchParams();
  const pdf = useMemo(() => readPdfTarget(search), [search]);
  return (
    <main id="main" className="flex flex-1 flex-col px-5 pt-2 pb-20 sm:px-8 sm:pt-6">
      <SourceReader
        key={documentId}
        documentId={documentId}
        chunkId={search.get('chunk')}
        pdf={pdf}
      />
    </main>
  );
}
