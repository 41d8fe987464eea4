import type { MessageInput } from '@samvad/contracts/conversations';
import { apiFetch } from '../../../shared/api/api-client.ts';

/**
 * POST /api/conversations/{id}/share: a member's saved conversation (no body) or a guest's
 * browser-held one (its title and messages). Answers the shareable id.
 */
export async function shareConversation(
  id: string,
  guestSnapshot?: { title: string; messages: MessageInput[] },
): Promise<string> {
  try {
    const { shareableId } = await apiFetch<{ shareableId: string }>(
      `/api/conversations/${encodeURIComponent(id)}/share`,
      { method: 'POST', ...(guestSnapshot ? { body: guestSnapshot } : {}) },
    );
    return shareableId;
  } catch (error) {
    const statusText = error instanceof Error ? error.message : String(error);
    throw new Error(`Failed to share conversation: ${statusText}`, { cause: error });
  }
}

/** DELETE /api/conversations/{id}/share: the link stops working. */
export function revokeShare(id: string) {
  return apiFetch<{ ok: true }>(`/api/conversations/${encodeURIComponent(id)}/share`, {
    method: 'DELETE',
  });
}
