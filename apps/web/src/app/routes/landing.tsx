import { ArrowRight } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { GoogleIdentityButton } from '../../features/auth/components/google-identity-button.tsx';
import { SignInButton } from '../../features/auth/components/sign-in-button.tsx';
import { SignInUnavailableNote } from '../../features/auth/components/sign-in-unavailable-note.tsx';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { LandingHero } from '../../features/landing/components/landing-hero.tsx';
import { usePersona } from '../../features/persona/api/get-persona.ts';
import { useTheme } from '../../features/theme/hooks/use-theme.ts';
import { Button } from '../../shared/ui/button.tsx';
import { LoadError } from '../../shared/ui/load-error.tsx';

/**
 * `/`: the landing and sign-in screen. Signed-in users go on to /chat; banned ones are sent to
 * /banned by the app shell (root layout).
 */
export default function LandingRoute() {
  const auth = useAuth();
  const persona = usePersona();
  const { resolvedTheme } = useTheme();

  if (auth.status === 'authenticated') return <Navigate to="/chat" replace />;

  return (
    <main
      id="main"
      className="relative isolate flex flex-1 flex-col items-center justify-center px-5 pt-6 pb-20 sm:px-8 sm:pb-28"
    >
      <Backdrop />
      <LandingHero
        persona={persona.data}
        notice={
          persona.isError ? (
            <LoadError className="items-center" onRetry={() => void persona.refetch()} />
          ) : undefined
        }
        actions={
          <>
            <Button asChild size="lg" className="group">
              <Link to="/chat">
                Chat Now (Guest Mode)
                <ArrowRight
                  aria-hidden
                  className="transition-transform group-hover:translate-x-0.5"
                />
              </Link>
            </Button>
            <div className="relative flex flex-col items-stretch gap-3">
              <SignInButton variant="outline" size="lg" />
              {/* Google's own button, when it loads: stacked below on phones; hung under the
                  sign-in button on wider screens, so the row of buttons stays aligned. */}
              <GoogleIdentityButton
                theme={resolvedTheme}
                className="sm:absolute sm:top-full sm:left-1/2 sm:mt-3 sm:w-max sm:-translate-x-1/2"
              />
            </div>
          </>
        }
        footnote={<SignInUnavailableNote className="mt-5 max-w-md text-center" />}
      />
    </main>
  );
}

/** Two soft pools of warm and cool light behind the hero. */
function Backdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10 overflow-hidden">
      <div className="absolute top-[8%] left-1/2 h-[28rem] w-[44rem] max-w-[140vw] -translate-x-[62%] rounded-full bg-[radial-gradient(closest-side,var(--glow-a),transparent)] blur-2xl" />
      <div className="absolute top-[22%] left-1/2 h-[24rem] w-[36rem] max-w-[120vw] -translate-x-[18%] rounded-full bg-[radial-gradient(closest-side,var(--glow-b),transparent)] blur-2xl" />
    </div>
  );
}
