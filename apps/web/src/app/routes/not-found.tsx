import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../shared/ui/card.tsx';

/** Any path the router does not know. Spec §2 "Not-found fallback". */
export default function NotFoundRoute() {
  return (
    <main id="main" className="flex flex-1 items-center justify-center px-5 pt-4 pb-20 sm:px-8">
      <Card className="w-full max-w-md animate-fade-up">
        <CardHeader className="flex-row items-center gap-3">
          <CircleAlert aria-hidden className="size-7 shrink-0 text-destructive" />
          <CardTitle className="text-2xl sm:text-2xl">404 Page Not Found</CardTitle>
        </CardHeader>
        <CardContent className="pt-4 sm:pt-4">
          <p className="text-sm leading-relaxed text-muted-foreground">
            Did you forget to add the page to the router?
          </p>
          <Link
            to="/"
            className="mt-6 inline-flex text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Go to the home page
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
