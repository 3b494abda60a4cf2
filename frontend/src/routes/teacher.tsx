import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LockedScreen } from '../components/locked-screen.js';
import {
  TeacherClassesScreen,
  TeacherClassesSkeleton,
} from '../features/classes/components/teacher-classes-screen.js';
import { useCurrentUser } from '../lib/auth.js';
import { usePageHead } from '../lib/head.js';
import { loadNamespaces } from '../lib/i18n.js';

export const Route = createFileRoute('/teacher')({
  loader: () => loadNamespaces('teacher'),
  component: TeacherRoute,
});

function TeacherRoute() {
  const { t } = useTranslation('teacher');
  const { user, isPending } = useCurrentUser();
  usePageHead({ title: t('title'), description: t('description') });
  if (isPending)
    return (
      <section className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
        <TeacherClassesSkeleton />
      </section>
    );
  if (!user) return <LockedScreen />;
  if (user.role !== 'teacher')
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-3xl font-black">{t('title')}</h1>
        <p className="mt-4 text-lg text-slate-700" data-testid="not-teacher">
          {t('notTeacher')}
        </p>
      </section>
    );
  return <TeacherClassesScreen verified={user.isVerified} />;
}
