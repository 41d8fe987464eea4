import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { Checkbox } from '../../../shared/ui/checkbox.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { useSaveUserLimits } from '../api/save-user-limits.ts';
import { type UserLimitValues, userLimitSubmissionOf } from '../lib/limit-values.ts';
import { LIMITS_HINT, LimitFields } from './limit-fields.tsx';

/**
 * Per-user limits (spec admin-community §2): the user by id or email, the three limits, and an
 * optional restriction with a reason and an end time. Saving creates or replaces the custom
 * limits. The parent remounts it (a `key`) to load another user.
 */
export function UserLimitsForm({
  initial,
  onClear,
}: {
  initial: UserLimitValues;
  onClear(): void;
}) {
  const [values, setValues] = useState(initial);
  const [userError, setUserError] = useState<string | undefined>();
  const userRef = useRef<HTMLInputElement>(null);
  const save = useSaveUserLimits();
  const set = <Field extends keyof UserLimitValues>(field: Field, value: UserLimitValues[Field]) =>
    setValues((previous) => ({ ...previous, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const submission = userLimitSubmissionOf(values);
    if ('error' in submission) {
      setUserError(submission.error);
      userRef.current?.focus();
      return;
    }
    setUserError(undefined);
    save.mutate(submission);
  };

  return (
    <form noValidate onSubmit={submit} aria-label="User limits" className="grid gap-4">
      <TextField
        ref={userRef}
        label="User ID or email"
        name="userKey"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={320}
        value={values.userKey}
        error={userError}
        onChange={(event) => {
          set('userKey', event.target.value);
          setUserError(undefined);
        }}
      />
      <LimitFields values={values} onChange={(field, value) => set(field, value)} />
      <p className="text-xs leading-relaxed text-muted-foreground">{LIMITS_HINT}</p>
      <Checkbox
        label="Restrict User"
        hint="Bans the user: they see the reason and cannot use the app until the end time, or until unrestricted."
        checked={values.isRestricted}
        onChange={(event) => set('isRestricted', event.target.checked)}
      />
      {values.isRestricted && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Ban reason"
            name="banReason"
            maxLength={500}
            value={values.banReason}
            onChange={(event) => set('banReason', event.target.value)}
          />
          <TextField
            label="Banned until"
            name="bannedUntil"
            type="datetime-local"
            hint="Your local time. Empty: until unrestricted."
            value={values.bannedUntil}
            onChange={(event) => set('bannedUntil', event.target.value)}
          />
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending && <LoaderCircle aria-hidden className="animate-spin" />}
          Save user limits
        </Button>
        <Button variant="ghost" onClick={onClear}>
          Clear form
        </Button>
      </div>
    </form>
  );
}
