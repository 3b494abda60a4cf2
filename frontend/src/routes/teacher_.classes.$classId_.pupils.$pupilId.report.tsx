import { pupilIdSchema } from '@mathgames/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FamilyReportScreen } from '../features/classes/components/family-report.js';
import { TeacherClassGate } from '../features/classes/components/teacher-gate.js';
import { usePageHead } from '../lib/head.js';
import { loadNamespaces } from '../lib/i18n/i18n.js';

export const Route = createFileRoute('/teacher_/classes/$classId_/pupils/$pupilId/report')({
  loader: () => loadNamespaces('teacher', 'statistics'),
  // A print sheet: no top bar or footer on paper.
  staticData: { frameless: true },
  component: FamilyReportRoute,
});

function FamilyReportRoute() {
  const { t } = useTranslation('teacher');
  const { classId, pupilId } = Route.useParams();
  usePageHead({ title: t('report.open'), description: t('report.title') });
  const pupil = pupilIdSchema.safeParse(pupilId);
  // A pupil id that cannot be one gets the gate's kind note, as a class id that cannot be one does.
  return (
    <TeacherClassGate classId={pupil.success ? classId : ''}>
      {(id) => pupil.success && <FamilyReportScreen classId={id} pupilId={pupil.data} />}
    </TeacherClassGate>
  );
}
