import type { GlobalLimits } from '@samvad/contracts/admin';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { useUpdateGlobalLimits } from '../api/update-global-limits.ts';
import { formatLimit, limitTextsOf, parseLimitTexts } from '../lib/limit-values.ts';
import { LIMITS_HINT, LimitFields } from './limit-fields.tsx';

/** The global limits (spec admin-community §2): the defaults for users without custom limits. */
export function GlobalLimitsForm({ limits }: { limits: GlobalLimits }) {
  const [values, setValues] = useState(() => limitTextsOf(limits));
  const save = useUpdateGlobalLimits();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(parseLimitTexts(values));
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Global limits" className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Now: {formatLimit(limits.maxRequestsPerDay)} requests per day,{' '}
        {formatLimit(limits.maxMessagesPerConversation)} messages per conversation,{' '}
        {formatLimit(limits.maxConversations)} conversations.
      </p>
      <LimitFields
        values={values}
        onChange={(field, value) => setValues((previous) => ({ ...previous, [field]: value }))}
      />
      <p className="text-xs leading-relaxed text-muted-foreground">{LIMITS_HINT}</p>
      <Button
        type="submit"
        className="justify-self-start"
        disabled={save.isPending}
        aria-busy={save.isPending}
      >
        {save.isPending && <LoaderCircle aria-hidden className="animate-spin" />}
        Save global limits
      </Button>
    </form>
  );
}
