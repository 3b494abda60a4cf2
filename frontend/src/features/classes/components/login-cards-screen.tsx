import type { LoginCard, LoginCardsResponse } from '@mathgames/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PicturePasswordView } from '../../../components/pupil-picture.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { serverMessage } from '../../../lib/api-client.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { classPupilsQueryOptions, issueLoginCards } from '../api/class-pupils.js';
import { teacherClassQueryOptions } from '../api/teacher-class.js';
import { LoadError } from './load-error.js';
import { qrSvg, signInLinkUrl } from './pupil-qr-dialog.js';

function LoginCardView({
  card,
  className,
  joinCode,
  svg,
}: {
  card: LoginCard;
  className: string;
  joinCode: string;
  svg: string | undefined;
}) {
  const { t } = useTranslation('teacher');
  return (
    <li
      className="login-card flex gap-4 rounded-2xl border-2 border-dashed border-slate-400 bg-white p-4 print:rounded-none"
      data-testid="login-card"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="text-sm font-bold text-slate-700">{className}</p>
        <p className="text-2xl font-black break-words text-slate-900">{card.name}</p>
        <p className="text-base text-slate-800">
          {t('cards.code')}: <span className="font-mono text-xl font-black">{joinCode}</span>
        </p>
        <PicturePasswordView pictures={card.pictures} />
      </div>
      <div className="flex w-36 shrink-0 flex-col items-center gap-1">
        {svg ? (
          <div
            role="img"
            aria-label={t('pupils.qrImage', { name: card.name })}
            className="size-36 [&>svg]:size-full"
            data-testid="login-card-qr"
            // Drawn locally by the qrcode package from our own URL: no markup from outside.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: locally generated SVG
            dangerouslySetInnerHTML={{ __html: svg }}
          />
        ) : (
          <Skeleton className="size-36" />
        )}
        <p className="text-center text-xs text-slate-700">{t('cards.scan')}</p>
      </div>
    </li>
  );
}

function CardSheet({ cards }: { cards: LoginCardsResponse }) {
  const { t } = useTranslation('teacher');
  const [svgs, setSvgs] = useState<Map<number, string>>(new Map());
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    let current = true;
    Promise.all(
      cards.items.map(async (card) => [card.pupilId, await qrSvg(signInLinkUrl(card.secret))] as const),
    ).then((pairs) => current && setSvgs(new Map(pairs)));
    return () => {
      current = false;
    };
  }, [cards]);
  const ready = svgs.size === cards.items.length;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-extrabold text-slate-900 outline-none">
          {t('cards.readyTitle', { count: cards.items.length })}
        </h2>
        <Button onClick={() => window.print()} disabled={!ready} data-testid="print-cards">
          {t('cards.print')}
        </Button>
      </div>
      <p className="text-base text-slate-700 print:hidden">{t('cards.readyHint')}</p>
      <ul
        className="login-cards grid gap-4 sm:grid-cols-2 print:grid-cols-2 print:gap-0"
        data-testid="login-cards"
      >
        {cards.items.map((card) => (
          <LoginCardView
            key={card.pupilId}
            card={card}
            className={cards.className}
            joinCode={cards.joinCode}
            svg={svgs.get(card.pupilId)}
          />
        ))}
      </ul>
    </>
  );
}

/** /teacher/classes/:id/cards: confirm, then a sheet of login cards to print (A4, cut along the dashed lines). */
export function LoginCardsScreen({ classId }: { classId: number }) {
  const { t } = useTranslation('teacher');
  const message = useMessage();
  const klass = useQuery(teacherClassQueryOptions(classId));
  const pupils = useQuery(classPupilsQueryOptions(classId));
  const [cards, setCards] = useState<LoginCardsResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onIssue() {
    setBusy(true);
    setError(null);
    try {
      setCards(await issueLoginCards(classId));
    } catch (err) {
      setError(serverMessage(err, message('generic_error')));
    } finally {
      setBusy(false);
    }
  }

  let body: ReactNode;
  if (klass.isPending || pupils.isPending) body = <Skeleton className="h-48" />;
  else if (klass.isError || pupils.isError)
    body = (
      <LoadError
        error={klass.error ?? pupils.error}
        onRetry={() => {
          klass.refetch();
          pupils.refetch();
        }}
      />
    );
  else if (cards) body = <CardSheet cards={cards} />;
  else if (pupils.data.items.length === 0)
    body = (
      <p className="rounded-3xl bg-white p-8 text-center text-lg text-slate-700" data-testid="no-cards">
        {t('cards.empty')}
      </p>
    );
  else
    body = (
      <Card>
        <h2 className="text-xl font-extrabold text-slate-900">
          {t('cards.confirmTitle', { count: pupils.data.items.length })}
        </h2>
        <p className="mt-2 text-base text-slate-700">{t('cards.confirmHint')}</p>
        {error && (
          <p
            role="alert"
            className="mt-4 rounded-2xl bg-red-50 p-4 font-bold text-red-900"
            data-testid="cards-error"
          >
            {error}
          </p>
        )}
        <Button className="mt-4" onClick={onIssue} disabled={busy} data-testid="issue-cards">
          {busy ? t('busy') : t('cards.confirm')}
        </Button>
      </Card>
    );

  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:py-12 print:max-w-none print:p-0">
      <Link
        to="/teacher/classes/$classId"
        params={{ classId: String(classId) }}
        className={buttonClasses('ghost', 'md', 'self-start print:hidden')}
      >
        ← {klass.data?.name ?? t('pupils.pageTitle')}
      </Link>
      <h1 className="text-3xl font-black text-slate-900 print:hidden">{t('cards.title')}</h1>
      {body}
    </section>
  );
}
