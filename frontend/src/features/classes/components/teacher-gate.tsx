import { type CurrentUser, classIdSchema } from '@mathgames/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SignedInGate } from '../../../components/locked-screen.js';
import { TeacherClassesSkeleton } from './teacher-classes-screen.js';

/**
 * What every teacher route shows before its screen: a skeleton while the user loads, the locked screen to
 * guests, and a kind note to anyone who is not a teacher (or asked for a class id that cannot be one).
 */
export function TeacherGate({
  valid = true,
  heading,
  children,
}: {
  valid?: boolean;
  heading?: string;
  children: (teacher: CurrentUser) => ReactNode;
}) {
  const { t } = useTranslation('teacher');
  return (
    <SignedInGate loading={<TeacherClassesSkeleton />} className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      {(user) =>
        user.role !== 'teacher' || !valid ? (
          <section className="mx-auto max-w-xl px-4 py-16 text-center">
            {heading && <h1 className="text-3xl font-black">{heading}</h1>}
            <p className={`${heading ? 'mt-4 ' : ''}text-lg text-slate-700`} data-testid="not-teacher">
              {t('notTeacher')}
            </p>
          </section>
        ) : (
          children(user)
        )
      }
    </SignedInGate>
  );
}

/** A teacher route for one class: the address's class id, checked, or the kind note when it cannot be one. */
export function TeacherClassGate({
  classId,
  children,
}: {
  classId: string;
  children: (classId: number) => ReactNode;
}) {
  const id = classIdSchema.safeParse(classId);
  return <TeacherGate valid={id.success}>{() => (id.success ? children(id.data) : null)}</TeacherGate>;
}
