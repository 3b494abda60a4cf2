import { createFileRoute, Navigate, redirect } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../components/ui/toast.js';
import { ProfileScreen } from '../features/profile/components/profile-screen.js';
import { currentUserQueryOptions, displayNameOf, useCurrentUser } from '../lib/auth.js';
import { usePageHead } from '../lib/head.js';
import { loadNamespaces } from '../lib/i18n/i18n.js';

export const Route = createFileRoute('/profile')({
  // A guest is sent home with the access-denied toast (not on a hover preload).
  beforeLoad: async ({ context, preload }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions);
    if (!user) {
      if (!preload) {
        // The contracts message catalogue stays out of the first download (route options ship in it).
        const { message } = await import('../lib/i18n/message-catalogue.js');
        toast({ title: message('access_denied'), variant: 'destructive' });
      }
      throw redirect({ to: '/', replace: true });
    }
  },
  loader: () => loadNamespaces('profile', 'statistics'),
  component: ProfileRoute,
});

function ProfileRoute() {
  const { t } = useTranslation('profile');
  const { user } = useCurrentUser();
  usePageHead({ title: user ? displayNameOf(user) : t('title'), description: t('description') });
  if (!user) return <Navigate to="/" replace />;
  return <ProfileScreen user={user} />;
}
