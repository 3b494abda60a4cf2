import { type CurrentUser, formatLastLogin } from '@mathgames/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.js';
import { Card, CardTitle } from '../../../components/ui/card.js';
import { toast } from '../../../components/ui/toast.js';
import { api, serverMessage } from '../../../lib/api-client.js';
import { toLang } from '../../../lib/i18n/i18n.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { useSoundEnabled } from '../../../lib/sound.js';
import { useTimeZone } from '../../../lib/time-zone.js';
import { sendResetLink } from '../api/send-reset-link.js';

export function SettingsTab({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const message = useMessage();
  const lang = toLang(i18n.resolvedLanguage);
  const timeZone = useTimeZone();
  const [soundEnabled, setSoundEnabled] = useSoundEnabled();
  const [sending, setSending] = useState(false);
  const pupil = user.role === 'pupil';

  function toggleSound() {
    const next = !soundEnabled;
    setSoundEnabled(next);
    toast({ title: t(next ? 'common:sound.enabled' : 'common:sound.disabled'), variant: 'success' });
  }

  /**
   * A reset link to the account's own address; without one, email_not_found_error. A failure is the spec's
   * profile reset-link failure: titled error, the server's message, else 'Şifre sıfırlama bağlantısı gönderilemedi.'.
   */
  async function requestPasswordChange() {
    if (!user.email) {
      toast({ title: message('email_not_found_error'), variant: 'destructive' });
      return;
    }
    setSending(true);
    try {
      const response = await sendResetLink(user.email);
      toast({ title: response.message || message('reset_link_sent'), variant: 'success' });
    } catch (error) {
      toast({
        title: message('error_title'),
        description: serverMessage(error, message('reset_link_send_failed')),
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <Card>
        <CardTitle className="mb-4">{t('settings.heading')}</CardTitle>
        <SoundSwitch enabled={soundEnabled} onToggle={toggleSound} />
        {/* A pupil signs in with pictures their teacher renews: no password, no reset e-mail. */}
        {!pupil && (
          <div className="mt-5 border-t border-slate-100 pt-5">
            <Button
              variant="outline"
              onClick={() => void requestPasswordChange()}
              disabled={sending}
              data-testid="change-password"
            >
              {t('settings.changePassword')}
            </Button>
          </div>
        )}
      </Card>
      <Card>
        <CardTitle className="mb-2">{t('settings.security')}</CardTitle>
        <p className="rounded-2xl bg-sky-50 p-3 text-base text-sky-950">
          {t(pupil ? 'settings.pupilSecurityTip' : 'settings.securityTip')}
        </p>
        <p className="mt-4 text-base">
          <span className="font-bold">{t('settings.lastLogin')}: </span>
          <span data-testid="last-login">{formatLastLogin(user.lastLogin, lang, timeZone)}</span>
        </p>
        {!pupil && (
          <Button className="mt-4" onClick={() => void requestPasswordChange()} disabled={sending}>
            {t('settings.updatePassword')}
          </Button>
        )}
      </Card>
      <LogoutCard />
    </div>
  );
}

function SoundSwitch({ enabled, onToggle }: { enabled: boolean; onToggle: () => void }) {
  const { t } = useTranslation(['profile', 'common']);
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div>
        <p id="sound-label" className="text-lg font-bold">
          {t('settings.sound')}
        </p>
        <p className="text-base text-slate-700">{t('settings.soundHint')}</p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={enabled}
        aria-labelledby="sound-label"
        onClick={onToggle}
        data-silent
        data-testid="sound-toggle"
        className={
          enabled
            ? 'relative inline-flex h-12 w-20 shrink-0 items-center rounded-full bg-brand-600 transition-colors'
            : 'relative inline-flex h-12 w-20 shrink-0 items-center rounded-full bg-slate-400 transition-colors'
        }
      >
        <span
          aria-hidden="true"
          className={
            enabled
              ? 'absolute left-9 size-9 rounded-full bg-white shadow transition-[left] motion-reduce:transition-none'
              : 'absolute left-1.5 size-9 rounded-full bg-white shadow transition-[left] motion-reduce:transition-none'
          }
        />
      </button>
    </div>
  );
}

/** Sign out here, or everywhere the account is signed in. */
function LogoutCard() {
  const { t } = useTranslation(['profile', 'common']);
  const message = useMessage();

  /** Ends every session of the account (the gateway drops them all), this one included. */
  async function onLogoutEverywhere() {
    try {
      await api.post('/api/auth/logout-everywhere');
      window.location.replace('/');
    } catch (error) {
      toast({
        title: message('error_title'),
        description: serverMessage(error, message('logout_failed')),
        variant: 'destructive',
      });
    }
  }

  async function onLogout() {
    try {
      await api.post('/api/auth/logout');
      // The spec reloads after logout; reloading /profile itself would greet the child with "access denied".
      window.location.replace('/');
    } catch (error) {
      console.warn('logout failed', error);
      toast({ title: message('logout_failed'), variant: 'destructive' });
    }
  }

  return (
    <Card>
      <CardTitle className="mb-2">{t('settings.logoutHeading')}</CardTitle>
      <p className="text-base text-slate-700">{t('settings.logoutText')}</p>
      <Button variant="danger" className="mt-4" onClick={() => void onLogout()} data-testid="profile-logout">
        {t('common:nav.logout')}
      </Button>
      <p className="mt-5 border-t border-slate-100 pt-5 text-base text-slate-700">
        {t('settings.logoutEverywhereText')}
      </p>
      <Button
        variant="outline"
        className="mt-4"
        onClick={() => void onLogoutEverywhere()}
        data-testid="logout-everywhere"
      >
        {t('settings.logoutEverywhere')}
      </Button>
    </Card>
  );
}
