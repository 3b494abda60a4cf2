import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LoginCardsScreen } from '../features/classes/components/login-cards-screen.js';
import { TeacherClassGate } from '../features/classes/components/teacher-gate.js';
import { usePageHead } from '../lib/head.js';
import { loadNamespaces } from '../lib/i18n/i18n.js';

export const Route = createFileRoute('/teacher_/classes/$classId_/cards')({
  loader: () => loadNamespaces('teacher'),
  // A print sheet: no top bar or footer on paper.
  staticData: { frameless: true },
  component: LoginCardsRoute,
});

function LoginCardsRoute() {
  const { t } = useTranslation('teacher');
  const { classId } = Route.useParams();
  usePageHead({ title: t('cards.title'), description: t('cards.confirmHint') });
  return <TeacherClassGate classId={classId}>{(id) => <LoginCardsScreen classId={id} />}</TeacherClassGate>;
}
