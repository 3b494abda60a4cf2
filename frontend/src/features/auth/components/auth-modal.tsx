import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  type RegisterForm,
  registerFormSchema,
} from '@mathgames/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MailIcon } from '../../../components/icons.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/toast.js';
import { serverMessage } from '../../../lib/api-client.js';
import { displayNameOf, useSetCurrentUser } from '../../../lib/auth.js';
import { currentLang } from '../../../lib/i18n.js';
import { useMessage } from '../../../lib/messages.js';
import { toastAfterReload } from '../../../lib/pending-toast.js';
import { forgotPassword } from '../api/forgot-password.js';
import { login } from '../api/login.js';
import { register } from '../api/register.js';
import { useFormErrors } from '../hooks/use-form-errors.js';

export type AuthMode = 'login' | 'register' | 'forgot' | 'sent';

export interface AuthModalProps {
  initialMode: 'login' | 'register';
  onClose: () => void;
  /** Reloads the page after login (spec §4); replaceable in tests. */
  reload?: () => void;
}

function formValues(event: FormEvent<HTMLFormElement>): Record<string, string> {
  return Object.fromEntries(
    [...new FormData(event.currentTarget).entries()].map(([key, value]) => [key, String(value)]),
  );
}

function LinkButton({
  onClick,
  children,
  testId,
}: {
  onClick: () => void;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid={testId}
      className="inline-flex min-h-12 items-center rounded-xl px-2 text-base font-bold text-brand-700 underline underline-offset-4 hover:text-brand-900"
    >
      {children}
    </button>
  );
}

/** Spec §4 reloads after login; from a one-time link page (a spent token) it goes home instead. */
function reloadAfterLogin(): void {
  if (/^\/(verify-email|reset-password)/.test(window.location.pathname)) window.location.assign('/');
  else window.location.reload();
}

export default function AuthModal({ initialMode, onClose, reload = reloadAfterLogin }: AuthModalProps) {
  const { t } = useTranslation(['auth', 'common']);
  const message = useMessage();
  const setCurrentUser = useSetCurrentUser();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const { errors, setErrors, validate, applyServerError } = useFormErrors();
  const passwordReveal = { show: t('auth:fields.showPassword'), hide: t('auth:fields.hidePassword') };

  const go = (next: AuthMode) => {
    setErrors({});
    setMode(next);
  };

  async function onLogin(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { sharedDevice, ...values } = formValues(event);
    const body = validate(loginRequestSchema, { ...values, sharedDevice: sharedDevice === 'on' });
    if (!body) return;
    setBusy(true);
    try {
      const user = await login(body);
      setCurrentUser(user);
      const welcome = message('welcome', { name: displayNameOf(user) });
      toast({ title: welcome, variant: 'success' });
      toastAfterReload({ title: welcome, variant: 'success' });
      onClose();
      reload();
    } catch (error) {
      if (!applyServerError(error, ['email', 'password'])) {
        toast({
          title: message('login_failed'),
          description: serverMessage(error, message('login_failed_generic')),
          variant: 'destructive',
        });
      }
      setBusy(false);
    }
  }

  async function onRegister(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form: RegisterForm | null = validate(registerFormSchema, formValues(event));
    if (!form) return;
    setBusy(true);
    try {
      const { confirmPassword: _dropped, ...body } = form;
      const teacher = new FormData(event.currentTarget).get('teacher') === 'on';
      const response = await register({ ...body, teacher, lang: currentLang() });
      toast({
        title: t('auth:registered'),
        description: response?.message || message('register_success'),
        variant: 'success',
      });
      onClose();
    } catch (error) {
      if (!applyServerError(error, ['username', 'email', 'password'])) {
        toast({
          title: message('register_failed'),
          description: serverMessage(error, message('register_failed_generic')),
          variant: 'destructive',
        });
      }
      setBusy(false);
    }
  }

  async function onForgot(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event);
    const body = validate(forgotPasswordRequestSchema, values);
    if (!body) return;
    setBusy(true);
    try {
      const response = await forgotPassword({ ...body, lang: currentLang() });
      toast({ title: response?.message || message('reset_link_sent'), variant: 'success' });
      go('sent');
    } catch (error) {
      if (!applyServerError(error, ['email'])) {
        toast({
          title: message('reset_password_error'),
          description: serverMessage(error, message('generic_error')),
          variant: 'destructive',
        });
      }
    } finally {
      setBusy(false);
    }
  }

  const titles: Record<AuthMode, { title: string; description: string }> = {
    login: { title: t('auth:login.title'), description: t('auth:login.description') },
    register: { title: t('auth:register.title'), description: t('auth:register.description') },
    forgot: { title: t('auth:forgot.title'), description: t('auth:forgot.description') },
    sent: { title: t('auth:sent.title'), description: t('auth:sent.description') },
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={titles[mode].title}
      description={titles[mode].description}
      closeLabel={t('common:actions.close')}
    >
      <div data-testid={`auth-mode-${mode}`}>
        {mode === 'login' && (
          <form noValidate onSubmit={onLogin} className="flex flex-col gap-4" aria-busy={busy}>
            <TextField
              label={t('auth:fields.email')}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={errors.email}
            />
            <TextField
              label={t('auth:fields.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              error={errors.password}
              revealLabels={passwordReveal}
            />
            <label className="flex min-h-12 cursor-pointer items-start gap-3 text-base text-slate-800">
              <input
                type="checkbox"
                name="sharedDevice"
                className="mt-1 size-6 shrink-0 accent-brand-600"
                aria-describedby="shared-device-hint"
                data-testid="shared-device"
              />
              <span>
                <span className="block font-bold">{t('auth:login.sharedDevice')}</span>
                <span id="shared-device-hint" className="block text-sm text-slate-700">
                  {t('auth:login.sharedDeviceHint')}
                </span>
              </span>
            </label>
            <div className="-mt-2 flex justify-end">
              <LinkButton onClick={() => go('forgot')} testId="to-forgot">
                {t('auth:login.forgot')}
              </LinkButton>
            </div>
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? t('auth:busy') : t('auth:login.submit')}
            </Button>
            <p className="text-center text-base text-slate-700">
              {t('auth:login.noAccount')}{' '}
              <LinkButton onClick={() => go('register')} testId="to-register">
                {t('auth:login.toRegister')}
              </LinkButton>
            </p>
            <a
              href="/class"
              className="flex min-h-12 items-center justify-center rounded-full border-2 border-amber-300 bg-amber-50 px-4 text-base font-bold text-slate-900"
              data-testid="to-class-sign-in"
            >
              {t('auth:login.withClassCode')}
            </a>
          </form>
        )}

        {mode === 'register' && (
          <form noValidate onSubmit={onRegister} className="flex flex-col gap-4" aria-busy={busy}>
            <TextField
              label={t('auth:fields.username')}
              name="username"
              autoComplete="username"
              error={errors.username}
            />
            <TextField
              label={t('auth:fields.email')}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              error={errors.email}
            />
            <TextField
              label={t('auth:fields.password')}
              name="password"
              type="password"
              autoComplete="new-password"
              error={errors.password}
              revealLabels={passwordReveal}
            />
            <TextField
              label={t('auth:fields.confirmPassword')}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword}
              revealLabels={passwordReveal}
            />
            <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border-2 border-slate-200 px-4 py-2">
              <input
                type="checkbox"
                name="teacher"
                className="size-6 accent-brand-600"
                aria-describedby="teacher-hint"
              />
              <span>
                <span className="block text-base font-bold text-slate-800">{t('auth:fields.teacher')}</span>
                <span id="teacher-hint" className="block text-sm text-slate-700">
                  {t('auth:fields.teacherHint')}
                </span>
              </span>
            </label>
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? t('auth:busy') : t('auth:register.submit')}
            </Button>
            <p className="text-center text-base text-slate-700">
              {t('auth:register.haveAccount')}{' '}
              <LinkButton onClick={() => go('login')} testId="to-login">
                {t('auth:register.toLogin')}
              </LinkButton>
            </p>
          </form>
        )}

        {mode === 'forgot' && (
          <form noValidate onSubmit={onForgot} className="flex flex-col gap-4" aria-busy={busy}>
            <TextField
              label={t('auth:fields.email')}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              defaultValue={email}
              error={errors.email}
            />
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? t('auth:busy') : t('auth:forgot.submit')}
            </Button>
            <LinkButton onClick={() => go('login')} testId="forgot-to-login">
              {t('auth:forgot.backToLogin')}
            </LinkButton>
          </form>
        )}

        {mode === 'sent' && (
          <div className="flex flex-col items-center gap-4 text-center">
            <MailIcon className="size-16 text-brand-600" />
            <Button size="lg" onClick={() => go('login')} data-testid="sent-to-login">
              {t('auth:sent.backToLogin')}
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
