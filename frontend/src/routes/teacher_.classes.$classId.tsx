import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ClassPupilsScreen } from '../features/classes/components/class-pupils-screen.js';
import { TeacherClassGate } from '../features/classes/components/teacher-gate.js';
import { usePageHead } from '../lib/head.js';
import { loadNamespaces } from '../lib/i18n/i18n.js';

export const Route = createFileRoute('/teacher_/classes/$classId')({
  loader: () => loadNamespaces('teacher', 'statistics'),
  component: ClassPupilsRoute,
});

function ClassPupilsRoute() {
  const { t } = useTranslation('teacher');
  const { classId } = Route.useParams();
  usePageHead({ title: t('pupils.pageTitle'), description: t('description') });
  return <TeacherClassGate classId={classId}>{(id) => <ClassPupilsScreen classId={id} />}</TeacherClassGate>;
}
