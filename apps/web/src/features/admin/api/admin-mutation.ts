import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorMessage } from '../../../shared/api/error-message.ts';
import { type ToastInput, toast } from '../../../shared/toast/toast-store.ts';
import { ADMIN_LOGS_KEY } from './get-admin-logs.ts';

interface AdminMutationOptions<Variables, Data> {
  mutationFn: (variables: Variables) => Promise<Data>;
  /** The success toast. */
  success: (data: Data, variables: Variables) => Pick<ToastInput, 'title' | 'description'>;
  /** The failure toast's title (spec admin-community §8); the server's message is its text. */
  failure: string;
  /** The lists the change shows in. The audit log is always refreshed: every action adds a row. */
  invalidates: QueryKey[];
  onSuccess?: (data: Data, variables: Variables) => void;
}

const FAILURE_FALLBACK = 'Something went wrong. Please try again.';

/** An admin action: toasts its outcome and refreshes what it changed, and the audit log. */
export function useAdminMutation<Variables, Data>(options: AdminMutationOptions<Variables, Data>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: (data, variables) => {
      toast(options.success(data, variables));
      options.onSuccess?.(data, variables);
    },
    onError: (error) => {
      toast({
        title: options.failure,
        description: apiErrorMessage(error, FAILURE_FALLBACK),
        variant: 'destructive',
      });
    },
    // Refreshed after a failure too: the refusal may mean the list on screen is out of date.
    onSettled: () =>
      Promise.all(
        [...options.invalidates, ADMIN_LOGS_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
