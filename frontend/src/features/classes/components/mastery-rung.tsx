import { checkIsDue, type MasteryLevel, type OutcomeMastery, type StartedLevel } from '@mathgames/contracts';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.js';

/** Background and text of each started rung: AA contrast, one hue getting deeper, never the only signal. */
export const RUNG_STYLES: Record<StartedLevel, string> = {
  practising: 'bg-sky-50 text-sky-950 ring-1 ring-sky-300',
  familiar: 'bg-sky-100 text-sky-950',
  proficient: 'bg-indigo-100 text-indigo-950',
  mastered: 'bg-emerald-100 text-emerald-950',
};

/** The slice of the circle each rung fills: a quarter, a half, three quarters, all of it. */
const FILL: Record<Exclude<StartedLevel, 'mastered'>, string> = {
  practising: 'M8 8 L8 1.5 A6.5 6.5 0 0 1 14.5 8 Z',
  familiar: 'M8 1.5 A6.5 6.5 0 0 1 8 14.5 Z',
  proficient: 'M8 8 L8 1.5 A6.5 6.5 0 1 1 1.5 8 Z',
};

/** A dashed ring (not started), then a circle filled a quarter more per rung: it reads in greyscale. */
export function RungShape({ level, className }: { level: MasteryLevel; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className={cn('size-4 shrink-0', className)}
      data-shape={level}
    >
      <circle
        cx="8"
        cy="8"
        r="6.5"
        fill={level === 'mastered' ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={level === 'not-started' ? 1.5 : 2}
        strokeDasharray={level === 'not-started' ? '2.5 2' : undefined}
      />
      {level !== 'not-started' && level !== 'mastered' && <path d={FILL[level]} fill="currentColor" />}
    </svg>
  );
}

export const MARKS = ['due', 'needsHelp', 'confirmed'] as const;
export type Mark = (typeof MARKS)[number];

/** The marks a pupil's state on an outcome carries at `now`: a check due, help needed, confirmed. */
export function marksOf(state: OutcomeMastery | undefined, now: Date): Mark[] {
  if (!state) return [];
  return MARKS.filter((mark) =>
    mark === 'due'
      ? checkIsDue(state, now)
      : mark === 'needsHelp'
        ? state.needsHelp
        : state.checksPassed === 2,
  );
}

const MARK_STYLES: Record<Mark, string> = {
  due: 'text-sky-900',
  needsHelp: 'text-red-800',
  confirmed: 'text-emerald-800',
};

/** A clock (check due), a flag with "!" (needs help), a tick in a ring (confirmed). */
export function MarkIcon({ mark, className }: { mark: Mark; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className={cn('size-4 shrink-0', MARK_STYLES[mark], className)}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {mark === 'due' && (
        <>
          <circle cx="8" cy="8" r="6.5" />
          <path d="M8 4.5 V8 L10.5 9.5" />
        </>
      )}
      {mark === 'needsHelp' && (
        <>
          <path d="M8 1.5 L15 14 H1 Z" />
          <path d="M8 6 V9.5 M8 12 V12.1" />
        </>
      )}
      {mark === 'confirmed' && (
        <>
          <circle cx="8" cy="8" r="6.5" />
          <path d="M5 8.2 L7.2 10.4 L11 6" />
        </>
      )}
    </svg>
  );
}

/** One pupil's rung on one outcome: shape and label (a dash for not started), then its marks. */
export function RungCell({ state, now }: { state: OutcomeMastery | undefined; now: Date }) {
  const { t } = useTranslation('teacher');
  const marks = marksOf(state, now);
  if (!state)
    return (
      <span className="inline-flex items-center gap-1.5 px-2.5 py-1 text-slate-600">
        <RungShape level="not-started" />
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t('outcomes.rungs.not-started')}</span>
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1">
      <span
        className={cn(
          'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 font-bold whitespace-nowrap',
          RUNG_STYLES[state.level],
        )}
      >
        <RungShape level={state.level} />
        {t(`outcomes.rungs.${state.level}`)}
      </span>
      {marks.map((mark) => (
        <span key={mark} data-mark={mark} title={t(`outcomes.marks.${mark}`)}>
          <MarkIcon mark={mark} />
          <span className="sr-only">, {t(`outcomes.marks.${mark}`)}</span>
        </span>
      ))}
    </span>
  );
}
