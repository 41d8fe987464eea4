import { RotateCw } from 'lucide-react';
import { Button } from '../../shared/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../shared/ui/card.tsx';

/** Shown when a route fails to render or its code fails to load (e.g. after a redeploy). */
export function RouteError() {
  return (
    <main id="main" className="flex flex-1 items-center justify-center px-5 pt-4 pb-20 sm:px-8">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="text-2xl sm:text-2xl">Something went wrong</CardTitle>
        </CardHeader>
        <CardContent className="pt-4 sm:pt-4">
          <p className="text-sm leading-relaxed text-muted-foreground">
            This page could not be shown. Reloading usually fixes it.
          </p>
          <Button className="mt-6" onClick={() => window.location.reload()}>
            <RotateCw aria-hidden />
            Reload
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
