import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { SettingsPage } from '../../features/community/components/settings-page.tsx';
import { ThemeChoice } from '../../features/community/components/theme-choice.tsx';
import { useTheme } from '../../features/theme/hooks/use-theme.ts';

/**
 * `/community/settings`: the community's links, the app's theme and signing out. The theme is
 * chosen with plain radio buttons: the header's theme menu component, imported here, would
 * split shared code out of /chat's first-load chunk.
 */
export default function CommunitySettingsRoute() {
  const signOut = useSignOut();
  const { preference, setPreference } = useTheme();
  return (
    <SettingsPage
      themeControl={<ThemeChoice value={preference} onChange={setPreference} />}
      onSignOut={() => signOut.mutate()}
      signingOut={signOut.isPending}
    />
  );
}
