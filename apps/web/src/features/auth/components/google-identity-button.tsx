import { useEffect, useRef, useState } from 'react';
import { cn } from '../../../shared/lib/cn.ts';
import { useGoogleClientId } from '../api/get-google-client-id.ts';
import { useGoogleTokenSignIn } from '../api/sign-in-with-google-token.ts';
import {
  type GoogleAccountsId,
  loadGoogleIdentity,
  shouldLoadGoogleIdentity,
} from '../lib/load-google-identity.ts';

interface GoogleIdentityButtonProps {
  /** The page's resolved theme: the button is drawn to match it. */
  theme: 'light' | 'dark';
  className?: string;
}

/**
 * Google's own "Continue with Google" button (Google Identity Services, in a pop-up), for a
 * Google client id outside automated browsers (see `shouldLoadGoogleIdentity`). Renders nothing
 * otherwise, and stays empty if the script cannot be loaded: the redirect sign-in button beside
 * it works either way. The credential it yields is posted to POST /api/auth/google.
 */
export function GoogleIdentityButton({ theme, className }: GoogleIdentityButtonProps) {
  const clientId = useGoogleClientId().data?.clientId;
  const enabled = shouldLoadGoogleIdentity(clientId);
  const signIn = useGoogleTokenSignIn();
  const containerRef = useRef<HTMLDivElement>(null);
  const [gis, setGis] = useState<GoogleAccountsId | null>(null);

  // GIS keeps the callback given to initialize(); it reaches the latest signIn through this ref.
  const signInRef = useRef(signIn);
  useEffect(() => {
    signInRef.current = signIn;
  });

  useEffect(() => {
    if (!shouldLoadGoogleIdentity(clientId)) return;
    let active = true;
    loadGoogleIdentity().then(
      (id) => {
        if (!active) return;
        id.initialize({
          client_id: clientId,
          callback: (response) => signInRef.current(response.credential),
          ux_mode: 'popup',
          use_fedcm_for_prompt: true,
        });
        setGis(id);
      },
      () => {
        // Blocked or offline: leave the space empty; the redirect sign-in still works.
      },
    );
    return () => {
      active = false;
    };
  }, [clientId]);

  useEffect(() => {
    const container = containerRef.current;
    if (!gis || !container) return;
    gis.renderButton(container, {
      theme: theme === 'dark' ? 'filled_black' : 'outline',
      size: 'large',
      shape: 'pill',
      text: 'continue_with',
    });
    // Drawn again on a theme change; cleared when leaving the page.
    return () => container.replaceChildren();
  }, [gis, theme]);

  if (!enabled) return null;
  return (
    // Empty (and so hidden) until GIS draws its button into it.
    <div ref={containerRef} className={cn('flex justify-center empty:hidden', className)} />
  );
}
