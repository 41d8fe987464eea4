import { useEffect } from 'react';
import { usePersona } from '../api/get-persona.ts';

/** Names the browser tab and the page description after the deployment's persona. */
export function usePersonaDocumentMeta(): void {
  const { data: persona } = usePersona();

  useEffect(() => {
    if (!persona) return;
    document.title = persona.productName;
    document
      .querySelector('meta[name="description"]')
      ?.setAttribute('content', persona.description);
  }, [persona]);
}
