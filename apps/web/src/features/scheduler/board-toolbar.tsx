import { addDays, JOB_STATUS_NAMES } from '@fieldbook/domain';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { LEGEND_STATUSES, statusColours } from './board-events';
import type { BoardRange } from './board-range';

const dayTitle = new Intl.DateTimeFormat('en-AU', { dateStyle: 'full', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'UTC' });
const utcDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** What the board shows, in words: 'Tuesday 24 November 2026', or '24 Nov – 30 Nov 2026' for 7 days. */
export function rangeTitle({ date, days }: BoardRange): string {
  if (days === 1) return dayTitle.format(utcDate(date));
  return `${shortDay.format(utcDate(date))} – ${longDay.format(utcDate(addDays(date, days - 1)))}`;
}

interface BoardToolbarProps {
  range: BoardRange;
  today: string;
  /**
   * The board goes to `range`. `replace`: a date typed into "Go to date", which changes as each part of it is
   * typed, so it takes the place of the range in the browser's history; Previous, Today, Next and the days shown
   * each add one, and Back returns to the range before.
   */
  onRange: (range: BoardRange, how?: { replace: boolean }) => void;
}

/** Previous, Today and Next, a date to go to, and the Day or 7 days choice, over the board. */
export function BoardToolbar({ range, today, onRange }: BoardToolbarProps) {
  const step = (days: number) => onRange({ ...range, date: addDays(range.date, days) });
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="sm">
      <Group gap="xs" align="flex-end">
        <Button variant="default" onClick={() => step(-range.days)}>
          Previous
        </Button>
        <Button variant="default" onClick={() => onRange({ ...range, date: today })}>
          Today
        </Button>
        <Button variant="default" onClick={() => step(range.days)}>
          Next
        </Button>
        <TextInput
          type="date"
          label="Go to date"
          value={range.date}
          onChange={(event) => {
            const date = event.currentTarget.value;
            if (/^\d{4}-\d{2}-\d{2}$/.test(date)) onRange({ ...range, date }, { replace: true });
          }}
        />
      </Group>
      <Text fw={600} aria-live="polite" data-testid="board-title">
        {rangeTitle(range)}
      </Text>
      <Button.Group aria-label="Days shown">
        {([1, 7] as const).map((days) => (
          <Button
            key={days}
            variant={range.days === days ? 'filled' : 'default'}
            aria-pressed={range.days === days}
            onClick={() => onRange({ ...range, days })}
          >
            {days === 1 ? 'Day' : '7 days'}
          </Button>
        ))}
      </Button.Group>
    </Group>
  );
}

/** What the events' colours mean. */
export function BoardLegend() {
  return (
    <Group gap="md" mt="xs" component="ul" className="board-legend" aria-label="Colours">
      {LEGEND_STATUSES.map((status) => (
        <Group key={status} gap={6} component="li" wrap="nowrap">
          <span
            className="board-legend-swatch"
            style={{ background: statusColours(status).background }}
            aria-hidden="true"
          />
          <Text size="xs">{JOB_STATUS_NAMES[status]}</Text>
        </Group>
      ))}
    </Group>
  );
}
