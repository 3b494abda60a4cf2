import { TWO_PICTURE_CARDS_END } from '@mathgames/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { classPupilsQueryOptions } from '../api/class-pupils.js';
import { resetSignInTrouble, signInTroubleKey, signInTroubleQueryOptions } from '../api/teacher-class.js';
import { LoadError } from './load-error.js';
import { useServerAction } from './use-server-action.js';

const time = (iso: string, lang: string) =>
  new Date(iso).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });

/**
 * Sign-in trouble: where wrong pictures came from lately (inside the school's network, i.e. a place the class's
 * pupils signed in from, or outside it), and one click that clears the pauses, changes the code and retires the
 * old code's tickets.
 */
export function SignInTroublePanel({ classId }: { classId: number }) {
  const { t, i18n } = useTranslation('teacher');
  const client = useQueryClient();
  const query = useQuery(signInTroubleQueryOptions(classId));
  const { busy, run } = useServerAction();
  const onReset = () =>
    run(() => resetSignInTrouble(classId), {
      onDone: () =>
        Promise.all([
          client.invalidateQueries({ queryKey: ['/api/classes', classId] }),
          client.invalidateQueries({ queryKey: signInTroubleKey(classId) }),
        ]),
    });
  let body: ReactNode;
  if (query.isPending) body = <Skeleton className="h-16" />;
  else if (query.isError) body = <LoadError error={query.error} onRetry={() => query.refetch()} />;
  else if (query.data.places.length === 0)
    body = (
      <p className="text-lg text-slate-700" data-testid="no-sign-in-trouble">
        {t('trouble.empty')}
      </p>
    );
  else
    body = (
      <>
        <ul className="mt-2 flex flex-col gap-2" data-testid="sign-in-trouble">
          {query.data.places.map((place) => (
            <li
              key={`${place.inside}-${place.lastFailureAt}`}
              className="rounded-2xl bg-slate-50 p-3 text-base text-slate-800"
            >
              <span className="font-bold">{place.inside ? t('trouble.inside') : t('trouble.outside')}</span>
              {' · '}
              {t('trouble.failures', {
                count: place.failures,
                time: time(place.lastFailureAt, i18n.language),
              })}
              {place.pausedUntil && (
                <>
                  {' · '}
                  {t('trouble.paused', { time: time(place.pausedUntil, i18n.language) })}
                </>
              )}
            </li>
          ))}
        </ul>
        <Button className="mt-3" onClick={onReset} disabled={busy} data-testid="reset-sign-in">
          {busy ? t('busy') : t('trouble.reset')}
        </Button>
      </>
    );
  const outside = query.data?.outsideToday;
  const capped = query.data?.pupilsCappedToday ?? 0;
  return (
    <Card>
      <h2 className="text-xl font-extrabold text-slate-900">{t('trouble.title')}</h2>
      <p className="mt-1 text-base text-slate-700">{t('trouble.intro')}</p>
      {outside?.until && (
        <p
          role="status"
          className="mt-2 rounded-2xl bg-amber-50 p-3 text-base font-bold text-amber-950"
          data-testid="outside-capped"
        >
          {t('trouble.outsideCapped', { count: outside.failures, time: time(outside.until, i18n.language) })}
        </p>
      )}
      {capped > 0 && (
        <p
          role="status"
          className="mt-2 rounded-2xl bg-amber-50 p-3 text-base font-bold text-amber-950"
          data-testid="pupils-capped"
        >
          {t('trouble.pupilsCapped', { count: capped })}
        </p>
      )}
      <div className="mt-2">{body}</div>
    </Card>
  );
}

/**
 * Pupils whose card still has two pictures, by name, and the date from which such cards stop signing in
 * (TWO_PICTURE_CARDS_END): the teacher is asked to print new (three-picture) cards.
 */
export function OldCardsNotice({ classId }: { classId: number }) {
  const { t, i18n } = useTranslation('teacher');
  const query = useQuery(classPupilsQueryOptions(classId));
  const old = query.data?.items.filter((p) => p.oldCard) ?? [];
  if (old.length === 0) return null;
  const date = new Date(TWO_PICTURE_CARDS_END).toLocaleDateString(i18n.language, { dateStyle: 'long' });
  return (
    <Card className="border-amber-300 bg-amber-50" data-testid="old-cards-notice">
      <p className="text-lg font-bold text-amber-950">{t('trouble.oldCards', { count: old.length, date })}</p>
      <ul className="mt-2 list-disc pl-6 text-base text-amber-950" aria-label={t('trouble.oldCardsList')}>
        {old.map((pupil) => (
          <li key={pupil.id}>{pupil.name}</li>
        ))}
      </ul>
      <Link
        to="/teacher/classes/$classId/cards"
        params={{ classId: String(classId) }}
        className={buttonClasses('outline', 'md', 'mt-3')}
      >
        {t('pupils.printCards')}
      </Link>
    </Card>
  );
}
