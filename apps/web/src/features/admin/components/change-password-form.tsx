import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { apiErrorMessage } from '../../../shared/api/error-message.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { Alert } from '../../../shared/ui/alert.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { useChangePassword } from '../api/change-password.ts';
import {
  type FormErrors,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type PasswordChangeValues,
  USERNAME_MAX,
  validatePasswordChange,
} from '../lib/admin-forms.ts';

const CHANGE_FAILED_MESSAGE = 'There was a problem changing the password. Please try again.';

/**
 * The admin's password change (admin-community §5): username, current, new and confirm.
 * `onChanged` runs after a successful change (the dialog closes).
 */
export function ChangePasswordForm({
  username,
  onChanged,
}: {
  username: string | null;
  onChanged?: () => void;
}) {
  const empty: PasswordChangeValues = {
    username: username ?? '',
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FormErrors<keyof PasswordChangeValues> | null>(null);
  const change = useChangePassword({
    onSuccess: () => {
      setValues(empty);
      toast({ title: 'Password changed', description: 'Use the new password from now on.' });
      onChanged?.();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validatePasswordChange(values);
    setErrors(invalid);
    if (invalid) return;
    change.mutate(
      {
        username: values.username.trim(),
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      },
      {
        onError: (error) =>
          toast({
            title: 'Failed to change password',
            description: apiErrorMessage(error, CHANGE_FAILED_MESSAGE),
            variant: 'destructive',
          }),
      },
    );
  };

  const field = (name: keyof PasswordChangeValues) => ({
    name,
    value: values[name],
    error: errors?.fields[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((previous) => ({ ...previous, [name]: event.target.value })),
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Change password">
      {errors?.form && <Alert variant="destructive">{errors.form}</Alert>}
      {change.isError && !errors && (
        <Alert variant="destructive">{apiErrorMessage(change.error, CHANGE_FAILED_MESSAGE)}</Alert>
      )}
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={USERNAME_MAX}
        readOnly={Boolean(username)}
        {...field('username')}
      />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={PASSWORD_MAX}
        {...field('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
        {...field('newPassword')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        {...field('confirmPassword')}
      />
      <Button
        type="submit"
        className="justify-self-start"
        disabled={change.isPending}
        aria-busy={change.isPending}
      >
        {change.isPending && <LoaderCircle aria-hidden className="animate-spin" />}
        {change.isPending ? 'Please wait' : 'Change password'}
      </Button>
    </form>
  );
}
