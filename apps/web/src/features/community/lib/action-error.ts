import { communityText } from '@samvad/contracts/community-rules';
import { ApiError } from '../../../shared/api/api-client.ts';
import { apiErrorMessage } from '../../../shared/api/error-message.ts';
import type { ToastInput } from '../../../shared/toast/toast-store.ts';

export const SIGN_IN_TO_ACT = 'Sign in to like, repost, comment or follow.';

/**
 * The toast for a like, repost, follow or comment the server refused (spec §8): "Authentication
 * required" when the session has gone, else "Action failed" with the server's reason (a missing
 * profile, too many follows this hour) when it gave one.
 */
export function actionFailureToast(error: unknown): ToastInput {
  if (error instanceof ApiError && error.code === 'unauthorized') {
    return {
      title: communityText.authenticationRequired,
      description: SIGN_IN_TO_ACT,
      variant: 'destructive',
    };
  }
  return {
    title: communityText.actionFailed,
    description: apiErrorMessage(error, 'Please try again.'),
    variant: 'destructive',
  };
}

/** The server's 404: the thing asked for does not exist (or is not the viewer's to see). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
