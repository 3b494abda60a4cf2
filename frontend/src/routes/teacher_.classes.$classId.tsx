import { classIdSchema } from '@mathgames/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LockedScreen } from '../components/locked-screen.js';
import { ClassPupilsScreen } from '../features/classes/components/class-pupils-screen.js';
import { TeacherClassesSkeleton } from '../features/classes/components/teacher-classes-screen.js';
import { useCurrentUser } from '../lib/auth.js';
import { usePageHead } from '../lib/head.js';
import { loadNamespaces } from '../lib/i18n.js';

export const Route = createFileRoute('/teacher_/classes/$classId')({
  loader: () => loadNamespaces('teacher'),
  component: ClassPupilsRoute,
});

function ClassPupilsRoute() {
  const { t } = useTranslation('teacher');
  const { classId } = Route.useParams();
  const { user, isPending } = useCurrentUser();
  usePageHead({ title: t('pupils.pageTitle'), description: t('description') });
  const id = classIdSchema.safeParse(classId);
  if (isPending)
    return (
      <section className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
        <TeacherClassesSkeleton />
      </section>
    );
  if (!user) return <LockedScreen />;
  if (user.role !== 'teacher' || !id.success)
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <p className="text-lg text-slate-700" data-testid="not-teacher">
          {t('notTeacher')}
        </p>
      </section>
    );
  return <ClassPupilsScreen classId={id.data} />;
}
