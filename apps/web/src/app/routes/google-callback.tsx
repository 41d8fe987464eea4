import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useLocation } from 'react-router';
import { useGoogleCallback } from '../../features/auth/hooks/use-google-callback.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../shared/ui/card.tsx';

const details = {
  processing: { Icon: LoaderCircle, text: 'Completing your sign-in…' },
  succeeded: { Icon: CircleCheck, text: 'You are signed in. Taking you on…' },
  failed: { Icon: CircleX, text: 'Sign-in did not complete. Taking you back…' },
} as const;

/** `/auth/google/callback`: where Google sends the browser back after sign-in. */
export default function GoogleCallbackRoute() {
  const { search } = useLocation();
  const status = useGoogleCallback(search);
  const { Icon, text } = details[status];

  return (
    <main id="main" className="flex flex-1 items-center justify-center px-5 pt-4 pb-20 sm:px-8">
      <Card className="w-full max-w-md animate-fade-up text-center">
        <CardHeader className="items-center">
          <span className="mb-2 grid size-12 place-items-center rounded-2xl bg-accent-soft text-foreground">
            <Icon
              aria-hidden
              className={status === 'processing' ? 'size-6 animate-spin' : 'size-6'}
            />
          </span>
          <CardTitle className="text-2xl sm:text-2xl">Processing Authentication</CardTitle>
        </CardHeader>
        <CardContent>
          <p role="status" className="text-sm leading-relaxed text-muted-foreground">
            {text}
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
