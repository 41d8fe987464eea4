import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminDocumentsQueryOptions } from '../api/list-documents.ts';
import type { DashboardTab } from '../lib/dashboard-params.ts';

/**
 * Where a bare /admin opens (issue 20): on the Knowledge Base tab while the knowledge base is
 * empty, since nothing else works until documents are added; otherwise where the URL says
 * (Users by default). Decided once per visit, from the admin document list, and written to the
 * URL in place, so choosing another tab afterwards sticks. True while still deciding: the
 * dashboard then shows neither tab's content yet.
 */
export function useOpeningTab(
  isBare: boolean,
  openTab: (tab: DashboardTab, options: { replace: true }) => void,
): boolean {
  const [deciding, setDeciding] = useState(isBare);
  const documents = useQuery({ ...adminDocumentsQueryOptions(), enabled: deciding });
  const isEmpty = documents.data?.documents.length === 0;

  useEffect(() => {
    if (!deciding) return;
    // A tab or a search chosen meanwhile wins.
    if (!isBare) return setDeciding(false);
    if (documents.isPending) return;
    // Still deciding until the URL names the tab (isBare turns false above): the router applies
    // a navigation a render later, and a render in between would show, and load, Users.
    if (isEmpty) openTab('knowledge-base', { replace: true });
    else setDeciding(false);
  }, [deciding, isBare, documents.isPending, isEmpty, openTab]);

  return deciding;
}
