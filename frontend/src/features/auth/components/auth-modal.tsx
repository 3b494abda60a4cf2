import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog.js';
import { ForgotPasswordForm, ResetLinkSent } from './forgot-password-form.js';
import { LoginForm } from './login-form.js';
import { RegisterForm } from './register-form.js';

export type AuthMode = 'login' | 'register' | 'forgot' | 'sent';

export interface AuthModalProps {
  initialMode: 'login' | 'register';
  onClose: () => void;
  /** Reloads the page after login; replaceable in tests. */
  reload?: () => void;
}

/** The page reloads after login (every screen then reads as the user); a one-time link page goes home instead. */
function reloadAfterLogin(): void {
  if (/^\/(verify-email|reset-password)/.test(window.location.pathname)) window.location.assign('/');
  else window.location.reload();
}

/** Login, register and "forgot password" in one dialog, one small form component per mode. */
export default function AuthModal({ initialMode, onClose, reload = reloadAfterLogin }: AuthModalProps) {
  const { t } = useTranslation(['auth', 'common']);
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [email, setEmail] = useState('');

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t(`auth:${mode}.title`)}
      description={t(`auth:${mode}.description`)}
      closeLabel={t('common:actions.close')}
    >
      <div data-testid={`auth-mode-${mode}`}>
        {mode === 'login' && (
          <LoginForm
            email={email}
            onEmail={setEmail}
            onMode={setMode}
            onDone={() => {
              onClose();
              reload();
            }}
          />
        )}
        {mode === 'register' && <RegisterForm onMode={setMode} onDone={onClose} />}
        {mode === 'forgot' && <ForgotPasswordForm email={email} onMode={setMode} />}
        {mode === 'sent' && <ResetLinkSent onMode={setMode} />}
      </div>
    </Dialog>
  );
}
