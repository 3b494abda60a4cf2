import type { CurrentUser } from '@mathgames/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LockedScreen } from '../../../components/locked-screen.js';
import { useCurrentUser } from '../../../lib/auth.js';
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
  const { user, isPending } = useCurrentUser();
  if (isPending)
    return (
      <section className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
        <TeacherClassesSkeleton />
      </section>
    );
  if (!user) return <LockedScreen />;
  if (user.role !== 'teacher' || !valid)
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        {heading && <h1 className="text-3xl font-black">{heading}</h1>}
        <p className={`${heading ? 'mt-4 ' : ''}text-lg text-slate-700`} data-testid="not-teacher">
          {t('notTeacher')}
        </p>
      </section>
    );
  return children(user);
}
