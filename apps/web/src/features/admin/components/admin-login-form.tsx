import type { SessionUser } from '@samvad/contracts/auth';
import { KeyRound, LoaderCircle, LogIn } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { apiErrorMessage } from '../../../shared/api/error-message.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { Alert } from '../../../shared/ui/alert.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../shared/ui/card.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { useAdminLogin } from '../api/admin-login.ts';
import {
  type FormErrors,
  LOGIN_FAILED_MESSAGE,
  type LoginValues,
  PASSWORD_MAX,
  USERNAME_MAX,
  validateAdminLogin,
} from '../lib/admin-forms.ts';

interface AdminLoginFormProps {
  /** Set when someone without the admin role is signed in: who they are. */
  signedInAs?: string | null;
  onLoggedIn: (user: SessionUser) => void;
}

/** `/admin` before login (admin-community §2 "Admin login"). */
export function AdminLoginForm({ signedInAs, onLoggedIn }: AdminLoginFormProps) {
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<FormErrors<keyof LoginValues> | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const login = useAdminLogin({
    onSuccess: ({ user }) => {
      toast({ title: 'Login successful', description: 'Welcome to the admin area.' });
      onLoggedIn(user);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateAdminLogin(values);
    setErrors(invalid);
    if (invalid) {
      (invalid.fields.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    login.mutate({ username: values.username.trim(), password: values.password });
  };

  const change = (field: keyof LoginValues) => (event: { target: { value: string } }) => {
    setValues((previous) => ({ ...previous, [field]: event.target.value }));
    setErrors((previous) =>
      previous ? { fields: { ...previous.fields, [field]: undefined } } : previous,
    );
  };

  return (
    <Card className="w-full max-w-md animate-fade-up">
      <CardHeader>
        <span className="mb-1 grid size-11 place-items-center rounded-2xl bg-accent-soft text-foreground">
          <KeyRound aria-hidden className="size-5" />
        </span>
        <CardTitle className="text-2xl sm:text-3xl">Admin login</CardTitle>
        <p className="text-sm leading-relaxed text-muted-foreground">
          Sign in with the administrator's username and password.
        </p>
      </CardHeader>
      <CardContent className="grid gap-5">
        {signedInAs && (
          <Alert>
            You are signed in as <span className="font-medium text-foreground">{signedInAs}</span>,
            which is not an admin account. Log in with the admin credentials to continue.
          </Alert>
        )}
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Admin login">
          {errors?.form && <Alert variant="destructive">{errors.form}</Alert>}
          {login.isError && !errors?.form && (
            <Alert variant="destructive">
              {apiErrorMessage(login.error, LOGIN_FAILED_MESSAGE)}
            </Alert>
          )}
          <TextField
            ref={usernameRef}
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={USERNAME_MAX}
            value={values.username}
            onChange={change('username')}
            error={errors?.fields.username}
          />
          <TextField
            ref={passwordRef}
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX}
            value={values.password}
            onChange={change('password')}
            error={errors?.fields.password}
          />
          <Button
            type="submit"
            size="lg"
            className="mt-1"
            disabled={login.isPending}
            aria-busy={login.isPending}
          >
            {login.isPending ? (
              <LoaderCircle aria-hidden className="animate-spin" />
            ) : (
              <LogIn aria-hidden />
            )}
            {login.isPending ? 'Please wait' : 'Log in'}
          </Button>
        </form>
        <p className="text-xs leading-relaxed text-muted-foreground">
          First run: the admin account is created from the <code>ADMIN_USERNAME</code> and{' '}
          <code>ADMIN_PASSWORD</code> settings. If they are not set, the server prints a generated
          username and password once in its log. There are no default credentials.
        </p>
      </CardContent>
    </Card>
  );
}
