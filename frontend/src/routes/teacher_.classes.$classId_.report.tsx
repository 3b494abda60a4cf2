import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ClassFamilyReportsScreen } from '../features/classes/components/family-report.js';
import { TeacherClassGate } from '../features/classes/components/teacher-gate.js';
import { usePageHead } from '../lib/head.js';
import { loadNamespaces } from '../lib/i18n/i18n.js';

export const Route = createFileRoute('/teacher_/classes/$classId_/report')({
  loader: () => loadNamespaces('teacher', 'statistics'),
  // A print sheet: no top bar or footer on paper.
  staticData: { frameless: true },
  component: ClassFamilyReportsRoute,
});

function ClassFamilyReportsRoute() {
  const { t } = useTranslation('teacher');
  const { classId } = Route.useParams();
  usePageHead({ title: t('report.openClass'), description: t('report.title') });
  return (
    <TeacherClassGate classId={classId}>{(id) => <ClassFamilyReportsScreen classId={id} />}</TeacherClassGate>
  );
}
