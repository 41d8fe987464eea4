import { CircleAlert, LogIn } from 'lucide-react';
import { assignLocation } from '../../shared/lib/browser-location.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../shared/ui/card.tsx';

/**
 * App shell rule: the session could not be loaded (network or server error). 'Return to Login'
 * reloads the app at /, which asks for the session again.
 */
export function SessionError() {
  return (
    <main id="main" className="flex flex-1 items-center justify-center px-5 pt-4 pb-20 sm:px-8">
      <Card role="alert" className="w-full max-w-md animate-fade-up">
        <CardHeader className="flex-row items-start gap-3">
          <CircleAlert aria-hidden className="mt-1 size-6 shrink-0 text-destructive" />
          <CardTitle className="text-xl leading-snug sm:text-xl">
            Session Error: There was a problem loading your session
          </CardTitle>
        </CardHeader>
        <CardContent className="pt-4 sm:pt-4">
          <p className="text-sm leading-relaxed text-muted-foreground">
            Check your connection, then try again.
          </p>
          <Button className="mt-6" onClick={() => assignLocation('/')}>
            <LogIn aria-hidden />
            Return to Login
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
