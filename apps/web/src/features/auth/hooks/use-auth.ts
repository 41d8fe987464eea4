import { useSession } from '../api/get-session.ts';
import { type AuthState, deriveAuthState } from '../lib/auth-state.ts';

export function useAuth(): AuthState {
  const { data } = useSession();
  return deriveAuthState(data);
}
