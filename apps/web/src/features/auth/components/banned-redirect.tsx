import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { bannedPath, storeBanDetails } from '../../../shared/lib/ban-details.ts';

/** Keeps the ban details for the banned screen, then goes there. */
export function BannedRedirect({ reason }: { reason: string | null }) {
  useEffect(() => storeBanDetails(reason), [reason]);
  return <Navigate to={bannedPath(reason)} replace />;
}
