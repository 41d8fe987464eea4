import { X } from 'lucide-react';
import { Button } from '../../../shared/ui/button.tsx';
import { useDailyUsage } from '../api/get-daily-usage.ts';
import { formatDay, usageChart, usageSummary } from '../lib/usage-chart.ts';
import { ListState } from './data-table.tsx';
import { TabSection } from './tab-section.tsx';

// The drawing's own units; the SVG stretches to its box.
const WIDTH = 600;
const HEIGHT = 144;

/**
 * Requests per day over the last 30 days, as bars drawn in SVG (no chart library): everyone's
 * (members, with guests stacked on top) or one user's. Screen readers get a one-line summary
 * and a table of every day.
 */
export function UsageChart({
  userId,
  userName,
  onShowAll,
}: {
  userId: string;
  userName: string;
  onShowAll(): void;
}) {
  const usage = useDailyUsage(userId);
  const days = usage.data?.days ?? [];
  const withGuests = !userId;
  const chart = usageChart(days, { width: WIDTH, height: HEIGHT, withGuests });
  const who = userId ? userName : 'all users';
  const first = days[0];
  const last = days[days.length - 1];

  return (
    <TabSection
      title="Requests per day"
      description={
        userId ? (
          <>
            Last 30 days for <span className="font-medium text-foreground">{userName}</span>.
          </>
        ) : (
          'Last 30 days, all users: members, and guests stacked on top. Pick a user below to see theirs.'
        )
      }
      tools={
        userId ? (
          <Button variant="outline" className="h-8 px-3 text-xs" onClick={onShowAll}>
            <X aria-hidden />
            Show all users
          </Button>
        ) : undefined
      }
    >
      <ListState
        isPending={usage.isPending}
        error={usage.error}
        isEmpty={days.length === 0}
        empty="No usage recorded yet."
        onRetry={() => void usage.refetch()}
      />
      {days.length > 0 && (
        <figure className="relative grid gap-2">
          <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-1">
            <div
              aria-hidden
              className="flex h-36 flex-col justify-between text-right text-xs text-muted-foreground tabular-nums"
            >
              <span className="-mt-2">{chart.max}</span>
              <span>{Number.isInteger(chart.max / 2) ? chart.max / 2 : ''}</span>
              <span className="-mb-2">0</span>
            </div>
            {/* Stretched to the box: bars may scale, text lives outside the SVG so it does not. */}
            <svg
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              preserveAspectRatio="none"
              role="img"
              aria-label={usageSummary(chart, days.length, who)}
              className="h-36 w-full"
            >
              {[0, 0.5, 1].map((share) => (
                <line
                  key={share}
                  x1={0}
                  x2={WIDTH}
                  y1={HEIGHT - share * HEIGHT}
                  y2={HEIGHT - share * HEIGHT}
                  vectorEffect="non-scaling-stroke"
                  className="stroke-border"
                />
              ))}
              {chart.bars.map((bar) => (
                <g key={bar.date}>
                  <title>{`${formatDay(bar.date)}: ${bar.total} requests`}</title>
                  <rect
                    x={bar.x}
                    y={bar.members.y}
                    width={bar.width}
                    height={bar.members.height}
                    className="fill-primary"
                  />
                  {bar.guests.height > 0 && (
                    <rect
                      x={bar.x}
                      y={bar.guests.y}
                      width={bar.width}
                      height={bar.guests.height}
                      className="fill-accent"
                    />
                  )}
                </g>
              ))}
            </svg>
            <span />
            <div aria-hidden className="flex justify-between text-xs text-muted-foreground">
              <span>{first && formatDay(first.date)}</span>
              <span>{last && formatDay(last.date)}</span>
            </div>
          </div>
          {withGuests && (
            <figcaption aria-hidden className="flex gap-4 text-xs text-muted-foreground">
              <span className="flex items-center gap-1.5">
                <span className="size-2.5 rounded-sm bg-primary" />
                Members
              </span>
              <span className="flex items-center gap-1.5">
                <span className="size-2.5 rounded-sm bg-accent" />
                Guests
              </span>
            </figcaption>
          )}
          <table className="sr-only">
            <caption>Requests per day, {who}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">{withGuests ? 'Members' : 'Requests'}</th>
                {withGuests && <th scope="col">Guests</th>}
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{formatDay(day.date)}</th>
                  <td>{day.requests}</td>
                  {withGuests && <td>{day.guestRequests}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      )}
    </TabSection>
  );
}
