import { RotateCw } from 'lucide-react';
import { DonatePage } from '../../features/donate/components/donate-page.tsx';
import { usePersona } from '../../features/persona/api/get-persona.ts';
import { Button } from '../../shared/ui/button.tsx';

/** `/donate`: how to support the project, with the deployment's UPI id and payment page. */
export default function DonateRoute() {
  const persona = usePersona();

  return (
    <main id="main" className="flex flex-1 flex-col px-5 pt-2 pb-20 sm:px-8 sm:pt-6">
      <DonatePage
        persona={persona.data}
        notice={
          persona.isError ? (
            <div role="alert" className="flex flex-col items-start gap-4 text-muted-foreground">
              <p>Something went wrong while loading this page.</p>
              <Button variant="outline" onClick={() => persona.refetch()}>
                <RotateCw aria-hidden />
                Try again
              </Button>
            </div>
          ) : undefined
        }
      />
    </main>
  );
}
