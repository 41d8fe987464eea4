import type { Profile } from '@samvad/contracts/community';
import {
  BIO_MAX_LENGTH,
  codePointLength,
  DISPLAY_NAME_MAX_LENGTH,
  usernameProblem,
} from '@samvad/contracts/community-rules';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { TextareaField } from '../../../shared/ui/textarea.tsx';
import { useUsernameAvailability } from '../api/check-username.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import type { ProfileFormValues } from '../lib/profile-changes.ts';
import { usernameAcceptable, usernameStatus } from '../lib/username-status.ts';
import { CharacterCount } from './character-count.tsx';
import { UsernameField } from './username-field.tsx';

/** How long typing must pause before the username is checked with the server. */
export const USERNAME_CHECK_DELAY_MS = 400;

/**
 * The profile's fields (spec §2 Create Profile, and Edit Profile): username with its live
 * availability check, display name (defaults to the username), bio (optional).
 */
export function ProfileForm({
  initial,
  submitLabel,
  pending,
  rejected,
  onSubmit,
  secondaryAction,
}: {
  initial?: Profile;
  submitLabel: string;
  pending: boolean;
  /** A username the server refused on saving (taken meanwhile), with its reason. */
  rejected?: { username: string; message: string } | null;
  onSubmit(values: ProfileFormValues): void;
  secondaryAction?: ReactNode;
}) {
  const [username, setUsername] = useState(initial?.username ?? '');
  const [displayName, setDisplayName] = useState(initial?.displayName ?? '');
  const [bio, setBio] = useState(initial?.bio ?? '');
  const [touched, setTouched] = useState(false);
  const debounced = useDebouncedValue(username.trim(), USERNAME_CHECK_DELAY_MS);
  const unchanged = initial && debounced.toLowerCase() === initial.username.toLowerCase();
  // Only a name that passes the rules, and is not the member's own, is worth asking about.
  const availability = useUsernameAvailability(
    debounced,
    !unchanged && usernameProblem(debounced) === null,
  );
  let status = usernameStatus({
    value: username,
    debounced,
    current: initial?.username,
    answer: availability.data,
    failed: availability.isError,
  });
  if (rejected && rejected.username.toLowerCase() === username.trim().toLowerCase()) {
    status = { kind: 'taken', message: rejected.message };
  }
  const bioLength = codePointLength(bio);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (pending || !usernameAcceptable(status) || bioLength > BIO_MAX_LENGTH) {
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    onSubmit({ username: username.trim(), displayName: displayName.trim(), bio: bio.trim() });
  };

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-5" aria-label="Profile">
      <UsernameField
        value={username}
        onChange={setUsername}
        onBlur={() => setTouched(true)}
        status={status}
        showRequired={touched}
      />
      <TextField
        label="Display name"
        name="displayName"
        value={displayName}
        onChange={(event) => setDisplayName(event.target.value)}
        placeholder={username.trim() || 'Defaults to your username'}
        maxLength={DISPLAY_NAME_MAX_LENGTH}
        hint="How your name appears beside your posts. Leave it empty to use your username."
        autoComplete="name"
      />
      <TextareaField
        label="Bio"
        name="bio"
        value={bio}
        onChange={(event) => setBio(event.target.value)}
        placeholder="A line or two about what you read and why (optional)"
        rows={3}
        error={
          bioLength > BIO_MAX_LENGTH
            ? `Bios can be at most ${BIO_MAX_LENGTH} characters`
            : undefined
        }
        hint={
          <span className="flex justify-end">
            <CharacterCount length={bioLength} max={BIO_MAX_LENGTH} />
          </span>
        }
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {secondaryAction}
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending && <LoaderCircle aria-hidden className="animate-spin" />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
