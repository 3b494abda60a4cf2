import {
  addPupilsRequestSchema,
  type ClassPupil,
  MAX_PUPILS_PER_CLASS,
  namesFromPaste,
  pupilNameSchema,
} from '@mathgames/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PicturePasswordView } from '../../../components/pupil-picture.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/toast.js';
import { serverMessage } from '../../../lib/api-client.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import {
  addPupils,
  classPupilsKey,
  classPupilsQueryOptions,
  removePupil,
  renamePupil,
  resetPupilPictures,
  unlockPupil,
} from '../api/class-pupils.js';
import { teacherClassQueryOptions } from '../api/teacher-class.js';
import { TEACHER_CLASSES_KEY } from '../api/teacher-classes.js';
import { ActionButtons } from './action-buttons.js';
import { AssignPracticeForm } from './assign-practice-form.js';
import { ClassAssignmentsList } from './class-assignments-list.js';
import { ClassDashboardPanel } from './class-dashboard.js';
import { ClassListImport } from './class-list-import.js';
import { ClassOutcomePanel } from './class-outcome-grid.js';
import { ClassProgressTable } from './class-progress-table.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { LoadError } from './load-error.js';
import { type PupilDialogProps, PupilQrDialog } from './pupil-qr-dialog.js';
import { OldCardsNotice, SignInTroublePanel } from './sign-in-trouble-panel.js';
import { useAddNames } from './use-add-names.js';
import { useServerAction } from './use-server-action.js';

/** Pupils whose pictures were just set: shown once, since only their hash is kept. */
type FreshPictures = ClassPupil[];

function AddPupilsForm({ classId, onAdded }: { classId: number; onAdded: (pupils: ClassPupil[]) => void }) {
  const { t } = useTranslation('teacher');
  const message = useMessage();
  const client = useQueryClient();
  const id = useId();
  const { error, setError, busy, run } = useAddNames();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const names = namesFromPaste(String(new FormData(form).get('names') ?? ''));
    const parsed = addPupilsRequestSchema.safeParse({ names });
    if (!parsed.success) {
      setError(message(parsed.error.issues[0]?.message ?? 'validation_error', { max: MAX_PUPILS_PER_CLASS }));
      return;
    }
    setError(null);
    await run(async () => {
      const added = await addPupils(classId, parsed.data);
      await client.invalidateQueries({ queryKey: TEACHER_CLASSES_KEY });
      toast({ title: added.message, variant: 'success' });
      onAdded(added.items);
      form.reset();
    });
  }

  return (
    <Card>
      <h2 className="text-xl font-extrabold text-slate-900">{t('pupils.addTitle')}</h2>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-busy={busy}
        className="mt-3 flex flex-col gap-3"
        data-testid="add-pupils-form"
      >
        <label htmlFor={id} className="text-base font-bold text-slate-800">
          {t('pupils.namesLabel', { max: MAX_PUPILS_PER_CLASS })}
        </label>
        <textarea
          id={id}
          name="names"
          rows={5}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className="rounded-2xl border-2 border-slate-300 p-3 text-lg focus:border-brand-600"
        />
        {error ? (
          <p id={`${id}-error`} className="text-base font-semibold text-red-800" data-testid="error-names">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-sm text-slate-700">
            {t('pupils.namesHint')}
          </p>
        )}
        <Button type="submit" size="lg" disabled={busy} className="self-start">
          {busy ? t('busy') : t('pupils.add')}
        </Button>
      </form>
    </Card>
  );
}

function FreshPicturesPanel({ pupils, onDone }: { pupils: FreshPictures; onDone: () => void }) {
  const { t } = useTranslation('teacher');
  if (pupils.length === 0) return null;
  return (
    <Card className="border-amber-300 bg-amber-50" data-testid="fresh-pictures">
      <h2 className="text-xl font-extrabold text-slate-900">{t('pupils.freshTitle')}</h2>
      <p className="mt-1 text-base text-slate-800">{t('pupils.freshHint')}</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {pupils.map((pupil) => (
          <li key={pupil.id} className="flex items-center justify-between gap-3 rounded-2xl bg-white p-3">
            <span className="text-lg font-bold">{pupil.name}</span>
            {pupil.pictures && <PicturePasswordView pictures={pupil.pictures} />}
          </li>
        ))}
      </ul>
      <Button variant="outline" className="mt-4" onClick={onDone}>
        {t('pupils.freshDone')}
      </Button>
    </Card>
  );
}

function RenameDialog({ classId, pupil, onClose }: PupilDialogProps) {
  const { t } = useTranslation(['teacher', 'common']);
  const message = useMessage();
  const client = useQueryClient();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = pupilNameSchema.safeParse(new FormData(event.currentTarget).get('name'));
    if (!parsed.success) {
      setError(message(parsed.error.issues[0]?.message ?? 'validation_error'));
      return;
    }
    setBusy(true);
    try {
      const done = await renamePupil(classId, pupil.id, parsed.data);
      await client.invalidateQueries({ queryKey: classPupilsKey(classId) });
      toast({ title: done.message, variant: 'success' });
      onClose();
    } catch (err) {
      setError(serverMessage(err, message('generic_error')));
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('pupils.renameTitle')}
      closeLabel={t('common:actions.close')}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy}>
        <TextField
          label={t('pupils.name')}
          name="name"
          defaultValue={pupil.name}
          error={error}
          maxLength={40}
        />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t('busy') : t('edit.submit')}
        </Button>
      </form>
    </Dialog>
  );
}

function RemoveDialog({ classId, pupil, onClose }: PupilDialogProps) {
  const { t } = useTranslation(['teacher', 'common']);
  const client = useQueryClient();
  const { busy, run } = useServerAction();
  const onConfirm = () =>
    run(() => removePupil(classId, pupil.id), {
      onDone: () => client.invalidateQueries({ queryKey: TEACHER_CLASSES_KEY }),
      close: onClose,
    });
  return (
    <ConfirmDialog
      title={t('pupils.removeTitle', { name: pupil.name })}
      description={t('pupils.removeDescription')}
      confirmLabel={t('pupils.removeConfirm')}
      confirmTestId="confirm-remove-pupil"
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

function PupilRow({
  classId,
  pupil,
  onPictures,
}: {
  classId: number;
  pupil: ClassPupil;
  onPictures: (pupil: ClassPupil) => void;
}) {
  const { t } = useTranslation('teacher');
  const [dialog, setDialog] = useState<'rename' | 'remove' | 'qr' | null>(null);
  const { busy, run } = useServerAction();
  const onUnlock = () => run(() => unlockPupil(classId, pupil.id));
  const onReset = () =>
    run(() => resetPupilPictures(classId, pupil.id), {
      onDone: (done) => done.items[0] && onPictures(done.items[0]),
    });
  const of = { name: pupil.name };
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 py-3 last:border-b-0"
      data-testid="pupil-row"
    >
      <span className="text-lg font-bold text-slate-900">{pupil.name}</span>
      <span className="flex flex-wrap gap-2">
        <ActionButtons
          busy={busy}
          actions={[
            {
              label: t('actions.edit'),
              ariaLabel: t('pupils.renameOf', of),
              onClick: () => setDialog('rename'),
            },
            { label: t('pupils.reset'), ariaLabel: t('pupils.resetOf', of), onClick: onReset },
            { label: t('pupils.qr'), ariaLabel: t('pupils.qrOf', of), onClick: () => setDialog('qr') },
            { label: t('pupils.unlock'), ariaLabel: t('pupils.unlockOf', of), onClick: onUnlock },
            {
              label: t('pupils.remove'),
              ariaLabel: t('pupils.removeOf', of),
              onClick: () => setDialog('remove'),
              danger: true,
            },
          ]}
        />
      </span>
      {dialog === 'rename' && (
        <RenameDialog classId={classId} pupil={pupil} onClose={() => setDialog(null)} />
      )}
      {dialog === 'qr' && <PupilQrDialog classId={classId} pupil={pupil} onClose={() => setDialog(null)} />}
      {dialog === 'remove' && (
        <RemoveDialog classId={classId} pupil={pupil} onClose={() => setDialog(null)} />
      )}
    </li>
  );
}

function PupilList({ classId, onPictures }: { classId: number; onPictures: (pupil: ClassPupil) => void }) {
  const { t } = useTranslation('teacher');
  const _message = useMessage();
  const query = useQuery(classPupilsQueryOptions(classId));
  if (query.isPending) return <Skeleton className="h-64" />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  if (query.data.items.length === 0)
    return (
      <p className="rounded-3xl bg-white p-8 text-center text-lg text-slate-700" data-testid="no-pupils">
        {t('pupils.empty')}
      </p>
    );
  return (
    <Card>
      <h2 className="text-xl font-extrabold text-slate-900">
        {t('pupils.listTitle', { count: query.data.items.length })}
      </h2>
      <ul className="mt-2">
        {query.data.items.map((pupil) => (
          <PupilRow key={pupil.id} classId={classId} pupil={pupil} onPictures={onPictures} />
        ))}
      </ul>
    </Card>
  );
}

export function ClassPupilsScreen({ classId }: { classId: number }) {
  const { t } = useTranslation('teacher');
  const message = useMessage();
  const klass = useQuery(teacherClassQueryOptions(classId));
  const [fresh, setFresh] = useState<FreshPictures>([]);
  const remember = (pupils: ClassPupil[]) =>
    setFresh((shown) => [...shown.filter((p) => !pupils.some((n) => n.id === p.id)), ...pupils]);

  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:py-12">
      <Link to="/teacher" className={buttonClasses('ghost', 'md', 'self-start')}>
        ← {t('title')}
      </Link>
      {klass.isPending ? (
        <Skeleton className="h-10 w-64" />
      ) : klass.isError ? (
        <p role="alert" className="rounded-3xl bg-red-50 p-6 text-lg font-bold text-red-900">
          {serverMessage(klass.error, message('generic_error'))}
        </p>
      ) : (
        <div>
          <h1 className="text-3xl font-black text-slate-900">{klass.data.name}</h1>
          <p className="mt-1 text-lg text-slate-700">
            {t('grade', { grade: klass.data.grade })} · {t('code.label')}:{' '}
            <span className="font-mono font-black">{klass.data.joinCode}</span>
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            {(
              [
                ['/teacher/classes/$classId/cards', 'print-cards-link', t('pupils.printCards')],
                ['/teacher/classes/$classId/report', 'class-reports-link', t('report.openClass')],
              ] as const
            ).map(([to, testId, label]) => (
              <Link
                key={to}
                to={to}
                params={{ classId: String(classId) }}
                className={buttonClasses('outline', 'md')}
                data-testid={testId}
              >
                {label}
              </Link>
            ))}
          </div>
        </div>
      )}
      {!klass.isError && (
        <>
          <FreshPicturesPanel pupils={fresh} onDone={() => setFresh([])} />
          <OldCardsNotice classId={classId} />
          <SignInTroublePanel classId={classId} />
          <ClassProgressTable classId={classId} />
          <ClassDashboardPanel classId={classId} />
          <ClassOutcomePanel classId={classId} />
          <AddPupilsForm classId={classId} onAdded={remember} />
          <ClassListImport classId={classId} onAdded={remember} />
          <ClassAssignmentsList classId={classId} />
          <AssignPracticeForm classId={classId} />
          <PupilList classId={classId} onPictures={(pupil) => remember([pupil])} />
        </>
      )}
    </section>
  );
}
