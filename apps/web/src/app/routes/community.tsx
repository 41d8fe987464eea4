import { CommunityHome } from '../../features/community/components/community-home.tsx';
import { usePersona } from '../../features/persona/api/get-persona.ts';

/** `/community` (spec admin-community §2 "Community"). */
export default function CommunityRoute() {
  const persona = usePersona();
  return <CommunityHome productName={persona.data?.productName} />;
}
