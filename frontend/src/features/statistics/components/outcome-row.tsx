import {
  categoryKeyFromGameType,
  checkIsDue,
  levelForOutcome,
  levelOf,
  MASTERY_LEVELS,
  type MasteryLevel,
  type Outcome,
  type OutcomeMastery,
} from '@mathgames/contracts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CalendarIcon, CheckIcon, ClockIcon, StarIcon } from '../../../components/icons.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { writeSelection } from '../../../lib/game-selection.js';
import { localeOf, toLang } from '../../../lib/i18n/i18n.js';
import { useTimeZone } from '../../../lib/time-zone.js';

/** A check game asks enough questions for the outcome to count (MASTERY_CHECK_MIN_QUESTIONS) at a mixed level. */
const CHECK_QUESTIONS = 10;
/** The four rungs above not started, each a step of the staircase. */
const STEPS = MASTERY_LEVELS.slice(1);

/**
 * The rung as a staircase of four steps, the reached ones filled and the others only outlined (a shape, not colour
 * alone), beside the rung's name; screen readers hear the name and "step n of 4".
 */
function Ladder({ level }: { level: MasteryLevel }) {
  const { t } = useTranslation('statistics');
  const rung = MASTERY_LEVELS.indexOf(level);
  return (
    <div className="flex shrink-0 items-center gap-3" data-testid="outcome-ladder">
      <span aria-hidden="true" className="flex h-8 items-end gap-1">
        {STEPS.map((step, i) => (
          <span
            key={step}
            className={`w-3 rounded-sm border-2 border-brand-700 ${i < rung ? 'bg-brand-600' : 'bg-white'}`}
            style={{ height: `${(i + 1) * 25}%` }}
          />
        ))}
      </span>
      <span className={`text-lg font-extrabold ${rung === 0 ? 'text-slate-700' : 'text-brand-800'}`}>
        {level === 'mastered' && <StarIcon className="mr-1 inline size-5 align-[-0.15em] text-amber-500" />}
        {t(`outcomes.levels.${level}`)}
        <span className="sr-only">{` (${t('outcomes.stepOf', { step: rung })})`}</span>
      </span>
    </div>
  );
}

/** A mastered outcome's check: due (with the game that asks it), waiting until a day, or confirmed. */
function CheckStatus({ code, state, now }: { code: string; state: OutcomeMastery; now: Date }) {
  const { t, i18n } = useTranslation('statistics');
  const lang = toLang(i18n.resolvedLanguage);
  const timeZone = useTimeZone();
  if (checkIsDue(state, now)) {
    const level = levelForOutcome(code);
    return (
      <div
        className="flex flex-wrap items-center gap-3 rounded-2xl bg-amber-100 p-3 text-amber-950"
        data-testid={`outcome-check-due-${code}`}
      >
        <p className="flex flex-1 items-center gap-2 text-lg font-bold">
          <ClockIcon className="size-6 shrink-0" />
          {t('outcomes.checkDue')}
        </p>
        {level && (
          <Link
            to="/gameplay"
            search={{ type: categoryKeyFromGameType(level.gameType), start: '1' }}
            onClick={() => writeSelection({ ...level, questions: CHECK_QUESTIONS })}
            aria-label={t('outcomes.checkStartLabel', { code })}
            className={buttonClasses('primary', 'md')}
            data-testid={`outcome-check-start-${code}`}
          >
            {t('outcomes.checkStart')} <span aria-hidden="true">▶</span>
          </Link>
        )}
      </div>
    );
  }
  if (state.checksPassed >= 2)
    return (
      <p
        className="flex items-center gap-2 text-lg font-bold text-emerald-900"
        data-testid={`outcome-confirmed-${code}`}
      >
        <CheckIcon className="size-6 shrink-0" />
        {t('outcomes.confirmed')}
      </p>
    );
  if (state.checkDueAt === null) return null;
  // The day in the school's time zone, as every other day the app names.
  const date = new Intl.DateTimeFormat(localeOf(lang), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone,
  }).format(new Date(state.checkDueAt));
  return (
    <p
      className="flex items-center gap-2 text-lg font-semibold text-slate-700"
      data-testid={`outcome-check-on-${code}`}
    >
      <CalendarIcon className="size-6 shrink-0" />
      {t('outcomes.checkOn', { date })}
    </p>
  );
}

/** One outcome: its code, its text in the UI language, its rung, and a mastered one's check. */
export function OutcomeRow({
  outcome,
  state,
  now,
}: {
  outcome: Outcome;
  state: OutcomeMastery | undefined;
  now: Date;
}) {
  const { i18n } = useTranslation('statistics');
  const lang = toLang(i18n.resolvedLanguage);
  const level = levelOf(state);
  return (
    <li
      className="flex flex-col gap-3 rounded-3xl bg-white p-4 shadow-sm"
      data-testid={`outcome-row-${outcome.code}`}
      data-level={level}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <span className="rounded-lg bg-slate-100 px-2 py-0.5 font-mono text-base font-bold text-slate-800">
            {outcome.code}
          </span>
          <p className="mt-1 text-lg text-slate-900">{outcome.text[lang]}</p>
        </div>
        <Ladder level={level} />
      </div>
      {state?.level === 'mastered' && <CheckStatus code={outcome.code} state={state} now={now} />}
    </li>
  );
}
