import { ArrowLeft, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../shared/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../shared/ui/card.tsx';

/** `/chat`: the conversation screen arrives in the next issue; until then, a calm holding page. */
export default function ChatRoute() {
  return (
    <main id="main" className="flex flex-1 items-center justify-center px-5 pt-4 pb-20 sm:px-8">
      <Card className="w-full max-w-lg animate-fade-up text-center">
        <CardHeader className="items-center">
          <span className="mb-2 grid size-12 place-items-center rounded-2xl bg-accent-soft text-foreground">
            <MessagesSquare aria-hidden className="size-6" />
          </span>
          <CardTitle>Chat is coming next</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-6">
          <p className="max-w-sm leading-relaxed text-muted-foreground">
            The conversation space is being built. Soon you can ask questions here and read answers
            with the sources they come from.
          </p>
          <Button asChild variant="outline">
            <Link to="/">
              <ArrowLeft aria-hidden />
              Back to home
            </Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
