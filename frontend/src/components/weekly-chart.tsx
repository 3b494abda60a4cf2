import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.js';

/** The tallest bar of the week reaches this share of the chart. */
export const WEEK_MAX_BAR_PERCENT = 90;
/** Above this many correct answers in a week the total gets a celebration mark. */
export const CELEBRATION_THRESHOLD = 20;

/** Bar heights in percent of the chart: the week's maximum at 90 %, the rest in proportion; all 0 for an empty week. */
export function scaleToWeekMax(values: readonly number[], topPercent = WEEK_MAX_BAR_PERCENT): number[] {
  const clean = values.map((v) => (Number.isFinite(v) && v > 0 ? v : 0));
  const max = Math.max(0, ...clean);
  return clean.map((v) => (max > 0 ? (v / max) * topPercent : 0));
}

export interface WeeklyChartProps {
  /** Correct answers per day, Monday first. */
  correct: readonly number[];
  /** Questions per day (tooltips), when the server sends them. */
  questions?: readonly number[];
}

/**
 * A week's bars as a labelled list (one item a day), described by the unit under it, which names what the bars
 * count; the unit's test id is the list's with `-unit`.
 */
export function WeekChartFigure({
  label,
  unit,
  unitId,
  className,
  testId,
  children,
}: {
  label: string;
  unit: string;
  unitId: string;
  className: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <figure>
      <ol aria-label={label} aria-describedby={unitId} className={className} data-testid={testId}>
        {children}
      </ol>
      <figcaption
        id={unitId}
        className="mt-2 text-sm font-semibold text-slate-700"
        data-testid={`${testId}-unit`}
      >
        {unit}
      </figcaption>
    </figure>
  );
}

/** Seven bars Monday → Sunday; each bar is focusable, names its count and day, and its tooltip gives the counts. */
export function WeeklyChart({ correct, questions }: WeeklyChartProps) {
  const { t } = useTranslation('statistics');
  const heights = scaleToWeekMax(correct);
  const days = t('days', { returnObjects: true }) as string[];
  const shortDays = t('daysShort', { returnObjects: true }) as string[];
  const unitId = useId();
  return (
    <WeekChartFigure
      label={t('weekly.chartLabel')}
      unit={t('common:weeklyChart.unit')}
      unitId={unitId}
      className="flex h-56 items-end justify-between gap-1.5 sm:gap-3"
      testId="weekly-chart"
    >
      {heights.map((height, i) => {
        const correctCount = correct[i] ?? 0;
        const questionCount = questions?.[i];
        const tipId = `${unitId}-tip-${i}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the seven days are fixed positions
          <li key={i} className="relative flex h-full flex-1">
            {/*
             * A button so a tap or Tab shows the tooltip. Its name comes from what it shows, the count and the
             * day's short name, with the words around them for a screen reader ("3 correct answers, Mon
             * (Monday)"): an aria-label of its own left the visible text out (WCAG 2.5.3, axe's
             * label-content-name-mismatch). The tooltip (question counts) is its description.
             */}
            <button
              type="button"
              aria-describedby={tipId}
              className="peer flex h-full w-full flex-col items-center justify-end gap-1 rounded-xl"
              data-testid={`weekly-bar-${i}`}
              data-height={height.toFixed(1)}
            >
              <span className="text-sm font-extrabold text-slate-700 tabular-nums">{correctCount}</span>
              <span className="sr-only">{t('weekly.barCorrect', { count: correctCount })}</span>
              <span aria-hidden="true" className="flex min-h-0 w-full flex-1 items-end justify-center">
                <span
                  className="w-full max-w-14 rounded-t-xl bg-brand-600 transition-[height] duration-300 motion-reduce:transition-none"
                  style={{ height: `${height}%`, minHeight: correctCount > 0 ? 6 : 2 }}
                />
              </span>
              <span className="text-sm font-bold text-slate-700">{shortDays[i]}</span>
              <span className="sr-only">{t('weekly.barDay', { day: days[i] })}</span>
            </button>
            <span
              role="tooltip"
              id={tipId}
              className={cn(
                'pointer-events-none absolute -top-2 left-1/2 z-10 hidden -translate-x-1/2 -translate-y-full whitespace-nowrap rounded-xl bg-slate-900 px-3 py-1.5',
                'text-sm font-bold text-white shadow-lg peer-hover:block peer-focus:block',
              )}
            >
              {questionCount === undefined
                ? t('weekly.tooltipCorrect', { count: correctCount })
                : t('weekly.tooltip', { count: questionCount })}
            </span>
          </li>
        );
      })}
    </WeekChartFigure>
  );
}
