import {
  RATING_REASON_LABELS,
  type RatingReason,
  ratingReasons,
} from '@samvad/contracts/answer-feedback-rules';
import { type ReactNode, useId, useState } from 'react';
import { type RatingQueueFilters, useRatingQueue } from '../api/get-rating-queue.ts';
import { ListState } from './data-table.tsx';
import { Pagination } from './pagination.tsx';
import { RatedAnswerEntry } from './quality-rated-answer.tsx';
import { TabSection } from './tab-section.tsx';

const PAGE_SIZE = 20;
/** The languages the chat tells apart (contracts/language.ts) that readers most often use. */
const LANGUAGES = ['en', 'hi', 'mr', 'ta', 'bn', 'te', 'kn', 'ml', 'gu', 'pa'] as const;
const NO_FILTERS: RatingQueueFilters = {
  rating: '',
  reason: '',
  language: '',
  from: '',
  to: '',
  resolved: '',
};

const selectClass =
  'h-9 cursor-pointer rounded-xl border border-input bg-card px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25';

/**
 * The Quality tab's review queue (issue #31): rated answers, thumbs-down first and newest first,
 * filtered by rating, reason, language and dates. `actionsFor` adds controls to each entry.
 */
export function QualityReviewQueue({
  actionsFor,
}: {
  actionsFor?: (entry: Parameters<typeof RatedAnswerEntry>[0]['entry']) => ReactNode;
}) {
  const [filters, setFilters] = useState(NO_FILTERS);
  const [page, setPage] = useState(1);
  const queue = useRatingQueue({ ...filters, page, pageSize: PAGE_SIZE });
  const ratings = queue.data?.ratings ?? [];
  const set = (change: Partial<RatingQueueFilters>) => {
    setFilters((now) => ({ ...now, ...change }));
    setPage(1);
  };
  const filtered = Object.values(filters).some((value) => value !== '');

  return (
    <TabSection
      title="Rated answers"
      description="What readers said about answers: thumbs-down first, newest first."
    >
      <fieldset className="flex flex-wrap items-end gap-3" aria-label="Filter rated answers">
        <Select
          label="Rating"
          value={filters.rating}
          onChange={(rating) => set({ rating: rating as RatingQueueFilters['rating'] })}
          options={[
            ['', 'All'],
            ['down', 'Thumbs down'],
            ['up', 'Thumbs up'],
          ]}
        />
        <Select
          label="Reason"
          value={filters.reason}
          onChange={(reason) => set({ reason: reason as RatingReason | '' })}
          options={[
            ['', 'All reasons'],
            ...ratingReasons.map((reason) => [reason, RATING_REASON_LABELS[reason]] as const),
          ]}
        />
        <Select
          label="Language"
          value={filters.language}
          onChange={(language) => set({ language })}
          options={[['', 'All'], ...LANGUAGES.map((code) => [code, code] as const)]}
        />
        <Select
          label="Status"
          value={filters.resolved}
          onChange={(resolved) => set({ resolved: resolved as RatingQueueFilters['resolved'] })}
          options={[
            ['', 'All'],
            ['false', 'Open'],
            ['true', 'Resolved'],
          ]}
        />
        <DateInput label="From" value={filters.from} onChange={(from) => set({ from })} />
        <DateInput label="To" value={filters.to} onChange={(to) => set({ to })} />
      </fieldset>
      <ListState
        isPending={queue.isPending}
        error={queue.error}
        isEmpty={ratings.length === 0}
        empty={filtered ? 'No rated answers match these filters.' : 'No answers rated yet.'}
        onRetry={() => void queue.refetch()}
      />
      {ratings.length > 0 && (
        <ol className="grid gap-3" aria-label="Rated answers">
          {ratings.map((entry) => (
            <li key={`${entry.id}-${entry.updatedAt}-${entry.resolved}`}>
              <RatedAnswerEntry entry={entry} actions={actionsFor?.(entry)} />
            </li>
          ))}
        </ol>
      )}
      {queue.data && (
        <Pagination
          label="Rated answers"
          page={page}
          pageSize={PAGE_SIZE}
          total={queue.data.total}
          onPage={setPage}
        />
      )}
    </TabSection>
  );
}

function Select({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly (readonly [string, string])[];
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={selectClass}
      >
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function DateInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={selectClass}
      />
    </div>
  );
}
