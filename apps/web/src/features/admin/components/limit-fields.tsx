import { TextField } from '../../../shared/ui/text-field.tsx';
import type { LimitTexts } from '../lib/limit-values.ts';

const FIELDS: Array<[keyof LimitTexts, string]> = [
  ['maxRequestsPerDay', 'Max requests per day'],
  ['maxMessagesPerConversation', 'Max messages per conversation'],
  ['maxConversations', 'Max conversations'],
];

/** The three limit inputs both limit forms share; -1 means unlimited. */
export function LimitFields({
  values,
  onChange,
}: {
  values: LimitTexts;
  onChange(field: keyof LimitTexts, value: string): void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {FIELDS.map(([field, label]) => (
        <TextField
          key={field}
          label={label}
          name={field}
          type="number"
          inputMode="numeric"
          step={1}
          min={-1}
          value={values[field]}
          onChange={(event) => onChange(field, event.target.value)}
        />
      ))}
    </div>
  );
}

/** The note under the fields: how to say "unlimited", and what an empty field means (spec §5). */
export const LIMITS_HINT =
  '−1 means unlimited (∞). An empty field counts as 0, except max conversations, where it means unlimited.';
