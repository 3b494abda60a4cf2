import {
  type ClassMastery,
  FACT_GRIDS,
  type FactGrid,
  type FactsResponse,
  FLUENT_MS,
  factGridCells,
  factGridOf,
  mistakeMessageKey,
  OUTCOMES,
  type OutcomeMastery,
  outcomesPractised,
  type PupilProgressDetail,
  successRate,
} from '@mathgames/contracts';
import { type UseQueryResult, useQueries, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { spoken } from '../../../components/fact-matrix.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { LANGUAGES, localeOf, toLang } from '../../../lib/i18n/i18n.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { useTimeZone } from '../../../lib/time-zone.js';
import {
  classOutcomesQueryOptions,
  pupilFactsQueryOptions,
  pupilProgressQueryOptions,
} from '../api/class-dashboard.js';
import { classPupilsQueryOptions } from '../api/class-pupils.js';
import { teacherClassQueryOptions } from '../api/teacher-class.js';
import { LoadError } from './load-error.js';

/** How many fluent facts a matrix lists by name before "and N more": the page stays one A4 sheet. */
const FACTS_NAMED = 12;
/** The mistakes the report names: the ones that came back most, and only those that came back at all. */
const MISTAKES_NAMED = 3;
const CAME_BACK = 2;

/**
 * A heading and its block, printed as one piece. Not a named region: a class's reports repeat these titles, and
 * the headings already give the structure.
 */
function Part({ testId, title, children }: { testId: string; title: string; children: ReactNode }) {
  return (
    <section className="break-inside-avoid" data-testid={testId}>
      <h2 className="border-b-2 border-black pb-1 text-lg font-extrabold">{title}</h2>
      <div className="mt-2 text-base">{children}</div>
    </section>
  );
}

/** Where the pupil stands on an outcome: its rung, and whether mastery was re-confirmed 30 days on. */
function Stage({ state }: { state: OutcomeMastery | undefined }) {
  const { t } = useTranslation('teacher');
  if (!state) return null;
  const stage = t(`outcomes.rungs.${state.level}`);
  return (
    <span className="font-bold" data-testid="report-outcome-stage" data-level={state.level}>
      {state.checksPassed === 2 ? t('report.stageConfirmed', { stage }) : stage}
    </span>
  );
}

/**
 * The outcomes the pupil has a stage on or practised in recent games, in the map's order: stage (mastered and
 * re-confirmed 30 days on, or the rung reached), then the recent games' figures.
 */
function Outcomes({
  history,
  mastery,
}: {
  history: PupilProgressDetail['history'];
  mastery: OutcomeMastery[];
}) {
  const { t, i18n } = useTranslation('teacher');
  const lang = toLang(i18n.resolvedLanguage);
  const practised = new Map(outcomesPractised(history).map((p) => [p.outcome.code, p]));
  const stages = new Map(mastery.map((m) => [m.outcome, m]));
  const shown = OUTCOMES.filter((o) => practised.has(o.code) || stages.has(o.code));
  if (shown.length === 0) return <p>{t('report.outcomesNone')}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {shown.map((outcome) => {
        const recent = practised.get(outcome.code);
        return (
          <li key={outcome.code} data-testid="report-outcome">
            <span className="font-mono font-bold">{outcome.code}</span> {outcome.text[lang]}
            {' — '}
            <Stage state={stages.get(outcome.code)} />{' '}
            {recent && (
              <span className="whitespace-nowrap">
                (
                {t('report.outcomeFigures', {
                  count: recent.games,
                  percent: successRate(recent.correct, recent.questions),
                })}
                )
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function FluentFacts({ facts }: { facts: FactsResponse['facts'] }) {
  const { t } = useTranslation(['teacher', 'statistics']);
  const fluentIn = (grid: FactGrid) =>
    facts.filter((c) => c.state === 'fluent' && factGridOf(c.fact) === grid).map((c) => c.fact);
  return (
    <>
      <p>{t('report.factsHint', { seconds: FLUENT_MS / 1000 })}</p>
      <ul className="mt-1 flex flex-col gap-1">
        {FACT_GRIDS.map((grid) => {
          const known = fluentIn(grid);
          const total = factGridCells(grid).flat().length;
          const more = known.length - FACTS_NAMED;
          return (
            <li key={grid} data-testid="report-facts-grid" data-grid={grid}>
              <span className="font-bold">{t(`statistics:facts.grids.${grid}`)}</span>:{' '}
              {t('report.factsCount', { count: known.length, total })}
              {known.length > 0 && (
                <span>
                  {' '}
                  ({known.slice(0, FACTS_NAMED).map(spoken).join(', ')}
                  {more > 0 && `, ${t('report.factsMore', { count: more })}`})
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

function Mistakes({ mistakes }: { mistakes: PupilProgressDetail['mistakes'] }) {
  const { t } = useTranslation('teacher');
  const message = useMessage();
  const recurring = mistakes.filter((m) => m.count >= CAME_BACK).slice(0, MISTAKES_NAMED);
  if (recurring.length === 0) return <p>{t('report.mistakesNone')}</p>;
  return (
    <ol className="flex list-decimal flex-col gap-1 pl-6">
      {recurring.map((mistake) => (
        <li key={mistake.kind} data-testid="report-mistake">
          {message(mistakeMessageKey(mistake.kind))}{' '}
          <span className="whitespace-nowrap">({t('dashboard.mistakeTimes', { count: mistake.count })})</span>
        </li>
      ))}
    </ol>
  );
}

/** The sheet itself: black on white, one A4 page, in the page's language. */
function Sheet({
  className,
  detail,
  facts,
  mastery,
}: {
  className: string;
  detail: PupilProgressDetail;
  facts: FactsResponse['facts'];
  mastery: OutcomeMastery[];
}) {
  const { t, i18n } = useTranslation('teacher');
  const lang = toLang(i18n.resolvedLanguage);
  const timeZone = useTimeZone();
  const today = new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'long', timeZone });
  return (
    <article
      className="mx-auto flex w-full max-w-[190mm] flex-col gap-5 bg-white p-6 text-black print:p-0"
      data-testid="family-report"
      lang={lang}
    >
      <header>
        <p className="text-sm font-bold">{t('report.title')}</p>
        <h1 className="text-3xl font-black">{detail.name}</h1>
        <p className="text-base">{t('report.classLine', { className, date: today.format(new Date()) })}</p>
        <p className="mt-2 text-base" data-testid="report-summary">
          {detail.questions === 0
            ? t('report.noGames')
            : t('report.summary', {
                count: detail.questions,
                percent: detail.accuracy ?? 0,
                level: detail.level,
                points: detail.points,
              })}
        </p>
      </header>
      <Part testId="report-outcomes" title={t('report.outcomes')}>
        <Outcomes history={detail.history} mastery={mastery} />
      </Part>
      <Part testId="report-facts" title={t('report.facts')}>
        <FluentFacts facts={facts} />
      </Part>
      <Part testId="report-mistakes" title={t('report.mistakes')}>
        <Mistakes mistakes={detail.mistakes} />
      </Part>
    </article>
  );
}

/** The controls above the sheets, never printed: back to the class, the family's language, print. */
function Controls({ classId, ready }: { classId: number; ready: boolean }) {
  const { t, i18n } = useTranslation(['teacher', 'common']);
  const current = toLang(i18n.resolvedLanguage);
  return (
    <div className="flex flex-wrap items-center gap-3 print:hidden">
      <Link
        to="/teacher/classes/$classId"
        params={{ classId: String(classId) }}
        className={buttonClasses('ghost', 'md')}
      >
        {t('report.back')}
      </Link>
      <fieldset className="flex items-center gap-2">
        <legend className="sr-only">{t('report.language')}</legend>
        <span aria-hidden="true" className="font-bold">
          {t('report.language')}:
        </span>
        {LANGUAGES.map((lang) => (
          <Button
            key={lang}
            variant={lang === current ? 'primary' : 'outline'}
            aria-pressed={lang === current}
            onClick={() => void i18n.changeLanguage(lang)}
            data-testid={`report-lang-${lang}`}
          >
            {t(`common:languages.${lang}`)}
          </Button>
        ))}
      </fieldset>
      <Button onClick={() => window.print()} disabled={!ready} data-testid="print-report">
        {t('report.print')}
      </Button>
    </div>
  );
}

/** One pupil's stages from the class grid (none when they have started no outcome). */
function masteryOf(grid: ClassMastery, pupilId: number): OutcomeMastery[] {
  return grid.pupils.find((p) => p.pupilId === pupilId)?.outcomes ?? [];
}

/** A report page's frame: the controls, then the loading, error, empty or content state. */
function ReportPage({
  classId,
  queries,
  empty,
  children,
}: {
  classId: number;
  queries: readonly UseQueryResult[];
  empty?: string;
  children: () => ReactNode;
}) {
  const failed = queries.find((q) => q.isError);
  const ready = queries.every((q) => q.isSuccess);
  let body: ReactNode;
  if (failed)
    body = <LoadError error={failed.error} onRetry={() => queries.forEach((q) => void q.refetch())} />;
  else if (!ready) body = <Skeleton className="h-96" />;
  else if (empty)
    body = (
      <p className="rounded-3xl bg-white p-8 text-center text-lg text-slate-700" data-testid="report-empty">
        {empty}
      </p>
    );
  else body = children();
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 print:max-w-none print:p-0">
      <Controls classId={classId} ready={ready && !empty} />
      {body}
    </section>
  );
}

/**
 * /teacher/classes/:classId/pupils/:pupilId/report: a page a family can read (docs/product-rules.md#family-report), to print or save as PDF:
 * the learning outcomes the pupil's recent games practised, the facts they know by heart, and the mistakes that keep
 * coming back. The teacher picks the family's language here; the controls are not printed.
 */
export function FamilyReportScreen({ classId, pupilId }: { classId: number; pupilId: number }) {
  const klass = useQuery(teacherClassQueryOptions(classId));
  const detail = useQuery({ ...pupilProgressQueryOptions(classId, pupilId), refetchInterval: false });
  const facts = useQuery(pupilFactsQueryOptions(classId, pupilId, FLUENT_MS));
  const mastery = useQuery({ ...classOutcomesQueryOptions(classId), refetchInterval: false });
  return (
    <ReportPage classId={classId} queries={[klass, detail, facts, mastery]}>
      {() => (
        <Sheet
          className={klass.data!.name}
          detail={detail.data!}
          facts={facts.data!.facts}
          mastery={masteryOf(mastery.data!, pupilId)}
        />
      )}
    </ReportPage>
  );
}

/** /teacher/classes/:classId/report: every pupil's family report, one A4 page each, for a parents' evening. */
export function ClassFamilyReportsScreen({ classId }: { classId: number }) {
  const { t } = useTranslation('teacher');
  const klass = useQuery(teacherClassQueryOptions(classId));
  const pupils = useQuery(classPupilsQueryOptions(classId));
  const ids = (pupils.data?.items ?? []).map((p) => p.id);
  const details = useQueries({
    queries: ids.map((id) => ({
      ...pupilProgressQueryOptions(classId, id),
      refetchInterval: false as const,
    })),
  });
  const facts = useQueries({ queries: ids.map((id) => pupilFactsQueryOptions(classId, id, FLUENT_MS)) });
  const mastery = useQuery({ ...classOutcomesQueryOptions(classId), refetchInterval: false });
  return (
    <ReportPage
      classId={classId}
      queries={[klass, pupils, mastery, ...details, ...facts]}
      empty={ids.length === 0 ? t('cards.empty') : undefined}
    >
      {() => (
        <div className="flex flex-col gap-8 print:gap-0">
          {ids.map((id, i) => (
            <div key={id} className={i < ids.length - 1 ? 'break-after-page' : undefined}>
              <Sheet
                className={klass.data!.name}
                detail={details[i]!.data!}
                facts={facts[i]!.data!.facts}
                mastery={masteryOf(mastery.data!, id)}
              />
            </div>
          ))}
        </div>
      )}
    </ReportPage>
  );
}
