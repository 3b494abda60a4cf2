import { type ClassJoin, PUPIL_PICTURE_NAMES, PUPIL_PICTURES, type PupilPicture } from '@mathgames/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PupilPictureImage } from '../../../components/pupil-picture.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { isApiError, serverMessage } from '../../../lib/api-client.js';
import { useSetCurrentUser } from '../../../lib/auth.js';
import { toLang } from '../../../lib/i18n/i18n.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import {
  classJoinQueryOptions,
  pupilCardQueryOptions,
  pupilLogin,
  untilSignedIn,
} from '../api/class-join.js';

type Pupil = ClassJoin['pupils'][number];

// Soft colours for the initial-letter avatars, picked by position so neighbours differ.
const AVATAR_COLOURS = [
  'bg-sky-200',
  'bg-amber-200',
  'bg-rose-200',
  'bg-emerald-200',
  'bg-violet-200',
  'bg-orange-200',
];

function NameGrid({ join, onPick }: { join: ClassJoin; onPick: (pupil: Pupil) => void }) {
  const { t } = useTranslation('pupil');
  return (
    <>
      <h1 className="text-3xl font-black text-slate-900">{join.className}</h1>
      <p className="mt-2 text-lg text-slate-700">{t('names.intro')}</p>
      {join.pupils.length === 0 ? (
        <p className="mt-6 rounded-3xl bg-white p-6 text-lg" data-testid="no-names">
          {t('names.empty')}
        </p>
      ) : (
        <ul
          className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
          aria-label={t('names.label')}
        >
          {join.pupils.map((pupil, i) => (
            <li key={pupil.id}>
              <button
                type="button"
                onClick={() => onPick(pupil)}
                className="flex min-h-16 w-full items-center gap-3 rounded-2xl border-2 border-slate-200 bg-white p-3 text-left text-lg font-bold hover:border-brand-600 focus-visible:border-brand-600"
                data-testid="pupil-name"
              >
                <span
                  aria-hidden="true"
                  className={`flex size-10 shrink-0 items-center justify-center rounded-full text-xl font-black text-slate-900 ${AVATAR_COLOURS[i % AVATAR_COLOURS.length]}`}
                >
                  {pupil.name.trim().charAt(0).toLocaleUpperCase()}
                </span>
                {pupil.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function PictureStep({ join, pupil, onBack }: { join: ClassJoin; pupil: Pupil; onBack: () => void }) {
  const { t, i18n } = useTranslation('pupil');
  const message = useMessage();
  const setCurrentUser = useSetCurrentUser();
  const names = PUPIL_PICTURE_NAMES[toLang(i18n.resolvedLanguage)];
  const [picked, setPicked] = useState<PupilPicture[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // How many pictures this pupil taps comes with the ticket, not with the roster (three, or two on an old card).
  const card = useQuery(pupilCardQueryOptions(join.ticket, pupil.id));
  const pictureCount = card.data?.pictureCount;
  // Stops waiting out a busy gateway when the screen goes away (made in the effect: StrictMode mounts twice).
  const gone = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    gone.current = controller;
    return () => controller.abort();
  }, []);

  async function tap(picture: PupilPicture) {
    if (busy || pictureCount === undefined || picked.includes(picture)) return;
    const next = [...picked, picture];
    setPicked(next);
    setError(null);
    if (next.length < pictureCount) return;
    setBusy(true);
    try {
      const user = await untilSignedIn(
        () => pupilLogin({ ticket: join.ticket, pupilId: pupil.id, pictures: next }),
        () => setWaiting(true),
        gone.current?.signal,
      );
      setCurrentUser(user);
      window.location.assign('/');
    } catch (err) {
      setError(
        isApiError(err) && err.status === 429
          ? serverMessage(err, message('generic_error'))
          : serverMessage(err, message('pupil_pictures_wrong')),
      );
      setPicked([]);
      setBusy(false);
      setWaiting(false);
    }
  }

  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-black text-slate-900 outline-none">
        {t('pictures.title', { name: pupil.name })}
      </h1>
      <p className="mt-2 text-lg text-slate-700">{t('pictures.intro')}</p>
      {card.isError && (
        <div role="alert" className="mt-4 rounded-2xl bg-red-50 p-4 text-lg font-bold text-red-900">
          <p data-testid="card-error">{serverMessage(card.error, message('generic_error'))}</p>
          <Button variant="outline" className="mt-3" onClick={() => card.refetch()}>
            {t('pictures.retry')}
          </Button>
        </div>
      )}
      {card.isPending && (
        <div aria-busy="true" className="mt-4 flex justify-center gap-4">
          <Skeleton className="size-20" />
          <Skeleton className="size-20" />
          <Skeleton className="size-20" />
        </div>
      )}
      <div className="mt-4 flex justify-center gap-4" aria-live="polite" data-testid="picked">
        {Array.from({ length: pictureCount ?? 0 }, (_, slot) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the slots are positions
            key={slot}
            className="flex size-20 items-center justify-center rounded-2xl border-4 border-dashed border-slate-300 bg-white"
          >
            {picked[slot] ? (
              <PupilPictureImage picture={picked[slot]} className="size-14" />
            ) : (
              <span className="text-2xl font-black text-slate-400">{slot + 1}</span>
            )}
          </span>
        ))}
      </div>
      {waiting && !error && (
        <p
          className="mt-4 rounded-2xl bg-sky-50 p-4 text-lg font-bold text-sky-900"
          aria-live="polite"
          data-testid="sign-in-waiting"
        >
          {t('busy')}
        </p>
      )}
      {error && (
        <p
          role="alert"
          className="mt-4 rounded-2xl bg-red-50 p-4 text-lg font-bold text-red-900"
          data-testid="sign-in-error"
        >
          {error}
        </p>
      )}
      <ul
        className="mx-auto mt-6 grid max-w-lg grid-cols-3 gap-3 sm:grid-cols-4"
        aria-label={t('pictures.label')}
      >
        {PUPIL_PICTURES.map((picture) => (
          <li key={picture}>
            <button
              type="button"
              onClick={() => tap(picture)}
              disabled={busy || pictureCount === undefined}
              aria-pressed={picked.includes(picture)}
              aria-label={names[picture]}
              className="flex aspect-square w-full items-center justify-center rounded-3xl border-2 border-slate-200 bg-white p-2 hover:border-brand-600 focus-visible:border-brand-600 aria-pressed:border-brand-600 aria-pressed:bg-brand-50"
              data-testid={`picture-${picture}`}
            >
              <PupilPictureImage picture={picture} className="size-16" decorative />
            </button>
          </li>
        ))}
      </ul>
      <Button variant="ghost" className="mt-6" onClick={onBack}>
        ← {t('pictures.notMe')}
      </Button>
    </>
  );
}

/** /class/CODE: tap your name, then your pictures (three, or two on an older card). */
export function PupilSignIn({ code }: { code: string }) {
  const { t } = useTranslation('pupil');
  const message = useMessage();
  const query = useQuery(classJoinQueryOptions(code));
  const [pupil, setPupil] = useState<Pupil | null>(null);

  let body: ReactNode;
  if (query.isPending)
    body = (
      <>
        {query.failureCount > 0 && (
          <p
            className="mb-4 rounded-2xl bg-sky-50 p-4 text-lg font-bold text-sky-900"
            aria-live="polite"
            data-testid="sign-in-waiting"
          >
            {t('busy')}
          </p>
        )}
        <div aria-busy="true" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {Array.from({ length: 9 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      </>
    );
  else if (query.isError)
    body = (
      <div role="alert" className="flex flex-col items-center gap-4 rounded-3xl bg-red-50 p-6 text-red-900">
        <p className="text-lg font-bold" data-testid="class-error">
          {serverMessage(query.error, message('class_code_unknown'))}
        </p>
        <Link to="/class" className={buttonClasses('outline')}>
          {t('code.again')}
        </Link>
      </div>
    );
  else if (pupil) body = <PictureStep join={query.data} pupil={pupil} onBack={() => setPupil(null)} />;
  else body = <NameGrid join={query.data} onPick={setPupil} />;

  return <section className="mx-auto max-w-4xl px-4 py-8 text-center sm:py-12">{body}</section>;
}
