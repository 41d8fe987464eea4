import { DonatePage } from '../../features/donate/components/donate-page.tsx';
import { usePersonaWithAnswerer } from '../../features/persona/api/get-persona.ts';
import { LoadError } from '../../shared/ui/load-error.tsx';

/** `/donate`: how to support the project, with the deployment's UPI id and payment page. */
export default function DonateRoute() {
  // The bills say who writes the answers: a model, or this server quoting the writings.
  const persona = usePersonaWithAnswerer();

  return (
    <main id="main" className="flex flex-1 flex-col px-5 pt-2 pb-20 sm:px-8 sm:pt-6">
      <DonatePage
        persona={persona.data}
        notice={
          persona.isError ? (
            <LoadError className="items-start" onRetry={() => void persona.refetch()} />
          ) : undefined
        }
      />
    </main>
  );
}
