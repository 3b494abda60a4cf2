import { type CurrentUser, checkPhoto } from '@mathgames/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { toast } from '../../../components/ui/toast.js';
import { serverMessage } from '../../../lib/api-client.js';
import { useSetCurrentUser } from '../../../lib/auth.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { deletePhoto, uploadPhoto } from '../api/profile-photo.js';

/** Upload (size and type checked first) and delete after a confirmation. */
export function PhotoControls({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(['profile', 'common']);
  const message = useMessage();
  const setUser = useSetCurrentUser();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function onFile(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = checkPhoto(file);
    if (problem) {
      setError(message(problem));
      toast({ title: message('error_title'), description: message(problem), variant: 'destructive' });
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const response = await uploadPhoto(file);
      setUser({ ...user, photoUrl: response.photoUrl });
      toast({ title: response.message ?? message('photo_uploaded'), variant: 'success' });
    } catch (err) {
      const text = serverMessage(err, message('photo_upload_failed'));
      setError(text);
      toast({ title: message('error_title'), description: text, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function onDelete() {
    setBusy(true);
    try {
      const response = await deletePhoto();
      setUser({ ...user, photoUrl: null });
      setConfirming(false);
      toast({ title: response?.message ?? message('photo_deleted'), variant: 'success' });
    } catch (err) {
      toast({
        title: message('error_title'),
        description: serverMessage(err, message('photo_delete_failed')),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-center gap-2">
      <div className="flex flex-wrap justify-center gap-2">
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="sr-only"
          id="profile-photo-input"
          data-testid="photo-input"
          aria-label={user.photoUrl ? t('photo.change') : t('photo.upload')}
          tabIndex={-1}
          aria-describedby={error ? 'profile-photo-error' : undefined}
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        <Button variant="outline" disabled={busy} onClick={() => input.current?.click()}>
          {user.photoUrl ? t('photo.change') : t('photo.upload')}
        </Button>
        {user.photoUrl && (
          <Button variant="ghost" disabled={busy} onClick={() => setConfirming(true)}>
            {t('photo.delete')}
          </Button>
        )}
      </div>
      <p className="text-sm text-slate-700">{t('photo.hint')}</p>
      {error && (
        <p
          id="profile-photo-error"
          role="alert"
          className="text-base font-semibold text-red-800"
          data-testid="photo-error"
        >
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      )}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('photo.confirmTitle')}
        description={t('photo.confirmText')}
        closeLabel={t('common:actions.close')}
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            {t('photo.keep')}
          </Button>
          <Button
            variant="danger"
            disabled={busy}
            onClick={() => void onDelete()}
            data-testid="confirm-photo-delete"
          >
            {t('photo.confirmDelete')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
