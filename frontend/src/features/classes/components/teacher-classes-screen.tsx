import {
  CLASS_GRADES,
  type CreateClassRequest,
  createClassRequestSchema,
  type TeacherClass,
  type TeacherClassList,
} from '@mathgames/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { FieldLabel, TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/toast.js';
import { serverMessage } from '../../../lib/api-client.js';
import { formValues, useFormSubmit } from '../../../lib/forms.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import {
  createClass,
  deleteClass,
  regenerateJoinCode,
  TEACHER_CLASSES_KEY,
  teacherClassesQueryOptions,
  updateClass,
} from '../api/teacher-classes.js';
import { ActionButtons } from './action-buttons.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { LoadError } from './load-error.js';
import { useServerAction } from './use-server-action.js';

/** How the class form (create and edit) is checked and sent; a failure that names no field is a toast. */
function classForm(message: (key: string) => string, send: (body: CreateClassRequest) => Promise<unknown>) {
  return {
    schema: createClassRequestSchema,
    fields: ['name', 'grade'],
    failure: { fallback: message('generic_error') },
    send,
  };
}

function GradeSelect({ defaultValue, error }: { defaultValue?: number; error?: string | undefined }) {
  const { t } = useTranslation('teacher');
  return (
    <div>
      <FieldLabel htmlFor="class-grade">{t('form.grade')}</FieldLabel>
      <select
        id="class-grade"
        name="grade"
        defaultValue={defaultValue ?? 1}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'class-grade-error' : undefined}
        className="mt-1 block min-h-12 w-full rounded-2xl border-2 border-slate-300 bg-white px-4 text-lg"
      >
        {CLASS_GRADES.map((grade) => (
          <option key={grade} value={grade}>
            {t('grade', { grade })}
          </option>
        ))}
      </select>
      {error && (
        <p id="class-grade-error" className="mt-1 text-base font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

function CreateClassForm() {
  const { t } = useTranslation('teacher');
  const message = useMessage();
  const client = useQueryClient();
  const { errors, busy, submit } = useFormSubmit();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    void submit(
      formValues(event),
      classForm(message, async (body) => {
        const created = await createClass(body);
        client.setQueryData<TeacherClassList>(TEACHER_CLASSES_KEY, (list) => ({
          items: [...(list?.items ?? []), created.class],
        }));
        toast({ title: created.message, variant: 'success' });
        form.reset();
      }),
    );
  }

  return (
    <Card>
      <h2 className="text-xl font-extrabold text-slate-900">{t('create.title')}</h2>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-busy={busy}
        className="mt-4 grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
        data-testid="create-class-form"
      >
        <TextField label={t('form.name')} name="name" error={errors.name} maxLength={60} />
        <GradeSelect error={errors.grade} />
        <Button type="submit" size="lg" disabled={busy} className="sm:mt-7">
          {busy ? t('busy') : t('create.submit')}
        </Button>
      </form>
    </Card>
  );
}

/** The code big and spaced for a board, read letter by letter by screen readers. */
function JoinCode({ code, open }: { code: string; open: boolean }) {
  const { t } = useTranslation('teacher');
  return (
    <div className="rounded-2xl bg-brand-50 p-4">
      <p className="text-base font-bold text-slate-700">{t('code.label')}</p>
      <p className="font-mono text-4xl font-black tracking-[0.3em] text-brand-800">
        <span aria-hidden="true" data-testid="join-code">
          {code}
        </span>
        <span className="sr-only">{code.split('').join(' ')}</span>
      </p>
      <p className="mt-1 text-base font-semibold text-slate-800" data-testid="joining-state">
        <span aria-hidden="true">{open ? '🔓 ' : '🔒 '}</span>
        {open ? t('code.open') : t('code.closed')}
      </p>
    </div>
  );
}

function EditClassDialog({ item, onClose }: { item: TeacherClass; onClose: () => void }) {
  const { t } = useTranslation(['teacher', 'common']);
  const message = useMessage();
  const client = useQueryClient();
  const { errors, busy, submit } = useFormSubmit();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(
      formValues(event),
      classForm(message, async (body) => {
        const updated = await updateClass(item.id, body);
        await client.invalidateQueries({ queryKey: TEACHER_CLASSES_KEY });
        toast({ title: updated.message, variant: 'success' });
        onClose();
      }),
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('edit.title')}
      closeLabel={t('common:actions.close')}
    >
      <form noValidate onSubmit={onSubmit} aria-busy={busy} className="flex flex-col gap-4">
        <TextField
          label={t('form.name')}
          name="name"
          defaultValue={item.name}
          error={errors.name}
          maxLength={60}
        />
        <GradeSelect defaultValue={item.grade} error={errors.grade} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t('busy') : t('edit.submit')}
        </Button>
      </form>
    </Dialog>
  );
}

function DeleteClassDialog({ item, onClose }: { item: TeacherClass; onClose: () => void }) {
  const { t } = useTranslation(['teacher', 'common']);
  const client = useQueryClient();
  const { busy, run } = useServerAction();
  const onConfirm = () =>
    run(() => deleteClass(item.id), {
      onDone: () =>
        client.setQueryData<TeacherClassList>(TEACHER_CLASSES_KEY, (list) => ({
          items: (list?.items ?? []).filter((c) => c.id !== item.id),
        })),
      close: onClose,
    });

  return (
    <ConfirmDialog
      title={t('delete.title', { name: item.name })}
      description={t('delete.description')}
      confirmLabel={t('delete.confirm')}
      confirmTestId="confirm-delete-class"
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

function ClassCard({ item }: { item: TeacherClass }) {
  const { t } = useTranslation('teacher');
  const message = useMessage();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<{ message: string }>) {
    setBusy(true);
    try {
      const done = await action();
      await client.invalidateQueries({ queryKey: TEACHER_CLASSES_KEY });
      toast({ title: done.message, variant: 'success' });
    } catch (error) {
      toast({ title: serverMessage(error, message('generic_error')), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const headingId = `class-${item.id}-name`;
  return (
    <li>
      <Card
        aria-labelledby={headingId}
        aria-busy={busy}
        className={item.archived ? 'border-dashed bg-slate-50' : undefined}
        data-testid="class-card"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={headingId} className="text-2xl font-extrabold text-slate-900">
            {item.name}
          </h3>
          <p className="text-base font-semibold text-slate-700">
            {t('grade', { grade: item.grade })} · {t('pupils', { count: item.pupilCount })}
            {item.archived && ` · ${t('archived')}`}
          </p>
        </div>
        <div className="mt-4">
          <JoinCode code={item.joinCode} open={item.joiningOpen} />
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <Link
            to="/teacher/classes/$classId"
            params={{ classId: String(item.id) }}
            className={buttonClasses('primary')}
            data-testid="open-pupils"
          >
            {t('pupils.open')}
          </Link>
          <ActionButtons
            busy={busy}
            actions={[
              { label: t('actions.edit'), onClick: () => setDialog('edit') },
              {
                label: item.joiningOpen ? t('actions.closeJoining') : t('actions.openJoining'),
                onClick: () => run(() => updateClass(item.id, { joiningOpen: !item.joiningOpen })),
              },
              { label: t('actions.newCode'), onClick: () => run(() => regenerateJoinCode(item.id)) },
              {
                label: item.archived ? t('actions.restore') : t('actions.archive'),
                onClick: () => run(() => updateClass(item.id, { archived: !item.archived })),
              },
              { label: t('actions.delete'), onClick: () => setDialog('delete'), danger: true },
            ]}
          />
        </div>
      </Card>
      {dialog === 'edit' && <EditClassDialog item={item} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteClassDialog item={item} onClose={() => setDialog(null)} />}
    </li>
  );
}

export function TeacherClassesSkeleton() {
  return (
    <div aria-busy="true" data-testid="classes-skeleton" className="flex flex-col gap-4">
      <Skeleton className="h-36" />
      <Skeleton className="h-64" />
      <Skeleton className="h-64" />
    </div>
  );
}

function ClassList() {
  const { t } = useTranslation('teacher');
  const _message = useMessage();
  const query = useQuery(teacherClassesQueryOptions);
  if (query.isPending)
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    );
  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  if (query.data.items.length === 0)
    return (
      <p className="rounded-3xl bg-white p-8 text-center text-lg text-slate-700" data-testid="no-classes">
        {t('empty')}
      </p>
    );
  return (
    <ul className="flex flex-col gap-4" aria-label={t('listLabel')}>
      {query.data.items.map((item) => (
        <ClassCard key={item.id} item={item} />
      ))}
    </ul>
  );
}

export function TeacherClassesScreen({ verified }: { verified: boolean }) {
  const { t } = useTranslation('teacher');
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div>
        <h1 className="text-3xl font-black text-slate-900">{t('title')}</h1>
        <p className="mt-2 text-lg text-slate-700">{t('intro')}</p>
      </div>
      {verified ? (
        <CreateClassForm />
      ) : (
        <p role="status" className="rounded-3xl bg-amber-100 p-5 text-lg font-semibold text-amber-950">
          {t('verifyFirst')}
        </p>
      )}
      <ClassList />
    </section>
  );
}
