import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TeacherClassesScreen } from '../features/classes/components/teacher-classes-screen.js';
import { TeacherGate } from '../features/classes/components/teacher-gate.js';
import { usePageHead } from '../lib/head.js';
import { loadNamespaces } from '../lib/i18n/i18n.js';

export const Route = createFileRoute('/teacher')({
  loader: () => loadNamespaces('teacher'),
  component: TeacherRoute,
});

function TeacherRoute() {
  const { t } = useTranslation('teacher');
  usePageHead({ title: t('title'), description: t('description') });
  return (
    <TeacherGate heading={t('title')}>
      {(teacher) => <TeacherClassesScreen verified={teacher.isVerified} />}
    </TeacherGate>
  );
}
