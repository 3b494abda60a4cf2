import {
  type ClassPupilList,
  createAssignmentRequestSchema,
  DEFAULT_QUESTION_COUNT,
  endOfLocalDay,
  QUESTION_COUNTS,
} from '@mathgames/contracts';
import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { toast } from '../../../components/ui/toast.js';
import { isApiError, serverMessage } from '../../../lib/api-client.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { classAssignmentsKey, createAssignment } from '../api/class-assignments.js';
import { classPupilsQueryOptions } from '../api/class-pupils.js';
import { fieldProps, Labelled } from './assign-fields.js';
import { TopicAndDifficultyFields } from './assign-outcome.js';

type Field = 'gameType' | 'difficulty' | 'questionsCount' | 'dueAt' | 'pupilIds';
type Errors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['gameType', 'difficulty', 'questionsCount', 'dueAt', 'pupilIds'];

/** YYYY-MM-DD of a day `days` from today in the browser's time zone (a date field's value). */
function localDay(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** "Assign practice": an outcome or a topic and difficulty, question count, due date, the whole class or chosen pupils. */
export function AssignPracticeForm({ classId }: { classId: number }) {
  const { t } = useTranslation(['teacher', 'common']);
  const id = useId();
  const pupils = useQuery(classPupilsQueryOptions(classId));
  const [forWhom, setForWhom] = useState<'class' | 'chosen'>('class');
  const { errors, busy, onSubmit } = useAssignSubmit(classId, forWhom);

  return (
    <Card>
      <h2 className="text-xl font-extrabold text-slate-900" id={`${id}-title`}>
        {t('assignments.formTitle')}
      </h2>
      <p className="mt-1 text-base text-slate-700">{t('assignments.formIntro')}</p>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={`${id}-title`}
        aria-busy={busy}
        className="mt-4 grid gap-4 sm:grid-cols-2"
        data-testid="assign-form"
      >
        <TopicAndDifficultyFields id={id} errors={errors} />
        <Labelled id={`${id}-count`} label={t('assignments.count')} error={errors.questionsCount}>
          <select
            name="questionsCount"
            defaultValue={DEFAULT_QUESTION_COUNT}
            {...fieldProps(`${id}-count`, errors.questionsCount)}
          >
            {QUESTION_COUNTS.map((count) => (
              <option key={count} value={count}>
                {t('assignments.questions', { count })}
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled id={`${id}-due`} label={t('assignments.due')} error={errors.dueAt}>
          <input
            type="date"
            name="dueDay"
            defaultValue={localDay(7)}
            min={localDay(0)}
            data-testid="assign-due"
            {...fieldProps(`${id}-due`, errors.dueAt)}
          />
        </Labelled>
        <ForWhomFieldset
          id={id}
          forWhom={forWhom}
          onForWhom={setForWhom}
          pupils={pupils}
          error={errors.pupilIds}
        />
        <Button type="submit" size="lg" disabled={busy} className="sm:col-span-2 sm:justify-self-start">
          {busy ? t('busy') : t('assignments.submit')}
        </Button>
      </form>
    </Card>
  );
}

/** Checks the form, then creates the assignment; a refused field shows its error, anything else a toast. */
function useAssignSubmit(classId: number, forWhom: 'class' | 'chosen') {
  const message = useMessage();
  const client = useQueryClient();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const day = String(data.get('dueDay') ?? '');
    const body = {
      gameType: String(data.get('gameType') ?? ''),
      difficulty: String(data.get('difficulty') ?? ''),
      questionsCount: Number(data.get('questionsCount')),
      // The end of the chosen day where the teacher is.
      dueAt: /^\d{4}-\d{2}-\d{2}$/.test(day) ? endOfLocalDay(day).toISOString() : day,
      ...(forWhom === 'chosen' ? { pupilIds: data.getAll('pupilIds').map(Number) } : {}),
    };
    const parsed = createAssignmentRequestSchema.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Field;
        found[field] ??= message(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const done = await createAssignment(classId, parsed.data);
      await client.invalidateQueries({ queryKey: classAssignmentsKey(classId) });
      toast({ title: done.message, variant: 'success' });
    } catch (err) {
      const field = isApiError(err) ? err.body?.field : undefined;
      if (field && FIELDS.includes(field as Field))
        setErrors({ [field]: serverMessage(err, message('generic_error')) });
      else toast({ title: serverMessage(err, message('generic_error')), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return { errors, busy, onSubmit };
}

/** The whole class, or the pupils ticked in the list that opens for "chosen". */
function ForWhomFieldset({
  id,
  forWhom,
  onForWhom,
  pupils,
  error,
}: {
  id: string;
  forWhom: 'class' | 'chosen';
  onForWhom: (choice: 'class' | 'chosen') => void;
  pupils: UseQueryResult<ClassPupilList>;
  error: string | undefined;
}) {
  const { t } = useTranslation(['teacher', 'common']);
  const message = useMessage();
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? `${id}-pupils-error` : undefined}>
      <legend className="text-base font-bold text-slate-800">{t('assignments.forWhom')}</legend>
      <div className="mt-1 flex flex-wrap gap-3">
        {(['class', 'chosen'] as const).map((choice) => (
          <label
            key={choice}
            className="flex min-h-12 cursor-pointer items-center gap-2 rounded-2xl border-2 border-slate-300 px-4 text-lg has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name="forWhom"
              value={choice}
              checked={forWhom === choice}
              onChange={() => onForWhom(choice)}
              className="size-5"
              data-testid={`assign-for-${choice}`}
            />
            {t(`assignments.for.${choice}`)}
          </label>
        ))}
      </div>
      {forWhom === 'chosen' &&
        (pupils.isPending ? (
          <Skeleton className="mt-3 h-24" />
        ) : pupils.isError ? (
          <p role="alert" className="mt-3 text-base font-semibold text-red-800">
            {serverMessage(pupils.error, message('generic_error'))}
          </p>
        ) : pupils.data.items.length === 0 ? (
          <p className="mt-3 text-base text-slate-700">{t('pupils.empty')}</p>
        ) : (
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {pupils.data.items.map((pupil) => (
              <li key={pupil.id}>
                <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl bg-slate-50 px-4 text-lg">
                  <input type="checkbox" name="pupilIds" value={pupil.id} className="size-5" />
                  {pupil.name}
                </label>
              </li>
            ))}
          </ul>
        ))}
      {error && (
        <p id={`${id}-pupils-error`} className="mt-1 text-base font-semibold text-red-800" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
