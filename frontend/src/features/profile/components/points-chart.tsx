import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { WeekChartFigure } from '../../../components/weekly-chart.js';

export interface PointsChartProps {
  /** Points per day, Monday first (`weeklyPointsOf` in contracts; the statistics screen counts correct answers). */
  values: readonly number[];
  /** Height of the tallest bar in px. */
  heightPx: number;
  /** Smallest bar for a day with points. */
  minPx: number;
  /** Bar for a day without any. */
  zeroPx: number;
  testId: string;
}

/** Bar heights in px: proportional to the week's best day, never below the minimums. */
export function pointBarHeights(
  values: readonly number[],
  { heightPx, minPx, zeroPx }: Omit<PointsChartProps, 'values' | 'testId'>,
) {
  const max = Math.max(0, ...values);
  return values.map((v) => (v > 0 ? Math.max(minPx, Math.round((v / max) * heightPx)) : zeroPx));
}

/** The week's points, Monday to Sunday; the list is the text alternative (each day says its points). */
export function PointsChart({ values, heightPx, minPx, zeroPx, testId }: PointsChartProps) {
  const { t } = useTranslation('profile');
  const days = t('days', { returnObjects: true }) as string[];
  const shortDays = t('daysShort', { returnObjects: true }) as string[];
  const heights = pointBarHeights(values, { heightPx, minPx, zeroPx });
  const unitId = useId();
  return (
    <WeekChartFigure
      label={t('chart.label')}
      unit={t('chart.unit')}
      unitId={unitId}
      className="flex items-end justify-between gap-1.5"
      testId={testId}
    >
      {heights.map((height, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the seven days are fixed positions
        <li key={i} className="flex flex-1 flex-col items-center gap-1" data-height={height}>
          <span className="sr-only">{t('chart.day', { day: days[i], points: values[i] ?? 0 })}</span>
          <span aria-hidden="true" className="text-xs font-bold text-slate-700 tabular-nums">
            {values[i] ?? 0}
          </span>
          <span
            aria-hidden="true"
            className="flex w-full items-end justify-center"
            style={{ height: heightPx }}
          >
            <span
              className={
                values[i]
                  ? 'w-full max-w-10 rounded-t-lg bg-amber-500'
                  : 'w-full max-w-10 rounded-t-lg bg-slate-200'
              }
              style={{ height }}
            />
          </span>
          <span aria-hidden="true" className="text-xs font-bold text-slate-700">
            {shortDays[i]}
          </span>
        </li>
      ))}
    </WeekChartFigure>
  );
}
