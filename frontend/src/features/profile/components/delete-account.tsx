import { type CurrentUser, deleteAccountRequestSchema } from '@mathgames/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/form-fields.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardTitle } from '../../../components/ui/card.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { serverMessage } from '../../../lib/api-client.js';
import { useFormErrors } from '../../../lib/forms.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { deleteAccount } from '../api/delete-account.js';

/**
 * Profile settings: delete my account, after typing the password again. Not offered to pupils: their teacher
 * removes them (the server refuses it too).
 */
export function DeleteAccountSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(['profile', 'auth', 'common']);
  const message = useMessage();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, setErrors, validate, applyServerError } = useFormErrors();
  if (user.role === 'pupil') return null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const input = validate(deleteAccountRequestSchema, {
      password: new FormData(event.currentTarget).get('password'),
    });
    if (!input) return;
    setBusy(true);
    try {
      await deleteAccount(input);
      // A full load: every cached query belonged to the deleted account.
      window.location.assign('/');
    } catch (err) {
      if (!applyServerError(err, ['password'])) setFailure(serverMessage(err, message('generic_error')));
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardTitle className="mb-2">{t('deleteAccount.heading')}</CardTitle>
      <p className="mb-4 text-base text-slate-700">
        {t(user.role === 'teacher' ? 'deleteAccount.teacherHint' : 'deleteAccount.hint')}
      </p>
      <Button variant="danger" onClick={() => setOpen(true)} data-testid="delete-account">
        {t('deleteAccount.open')}
      </Button>
      {open && (
        <Dialog
          open
          onOpenChange={(next) => {
            if (!next) {
              setOpen(false);
              setErrors({});
              setFailure(null);
            }
          }}
          title={t('deleteAccount.confirmTitle')}
          description={t(user.role === 'teacher' ? 'deleteAccount.teacherHint' : 'deleteAccount.hint')}
          closeLabel={t('common:actions.close')}
        >
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <PasswordField
              label={t('deleteAccount.password')}
              name="password"
              autoComplete="current-password"
              error={errors.password}
            />
            {failure && (
              <p role="alert" className="rounded-2xl bg-red-50 p-3 font-bold text-red-900">
                {failure}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-3">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {t('deleteAccount.cancel')}
              </Button>
              <Button type="submit" variant="danger" disabled={busy} data-testid="confirm-delete-account">
                {busy ? t('deleteAccount.busy') : t('deleteAccount.confirm')}
              </Button>
            </div>
          </form>
        </Dialog>
      )}
    </Card>
  );
}
