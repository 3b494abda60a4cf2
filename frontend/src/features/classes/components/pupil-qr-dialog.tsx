import { type ClassPupil, pupilSignInLinkPath } from '@mathgames/contracts';
import QRCode from 'qrcode';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { toast } from '../../../components/ui/toast.js';
import { serverMessage } from '../../../lib/api-client.js';
import { useMessage } from '../../../lib/messages.js';
import { createSignInLink, revokeSignInLink } from '../api/class-pupils.js';

/** The pupil's personal sign-in address: the secret rides in the fragment, so no server ever logs it. */
export const signInLinkUrl = (secret: string) =>
  new URL(pupilSignInLinkPath(secret), window.location.origin).href;

/** An SVG QR code, drawn in the browser (no network, no image service). */
export const qrSvg = (url: string) =>
  QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });

/** Makes (or turns off) a pupil's personal QR sign-in. The secret is only known right after making it. */
export function PupilQrDialog({
  classId,
  pupil,
  onClose,
}: {
  classId: number;
  pupil: ClassPupil;
  onClose: () => void;
}) {
  const { t } = useTranslation(['teacher', 'common']);
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<{ url: string; svg: string } | null>(null);

  async function onMake() {
    setBusy(true);
    try {
      const done = await createSignInLink(classId, pupil.id);
      const url = signInLinkUrl(done.secret);
      setMade({ url, svg: await qrSvg(url) });
      toast({ title: done.message, variant: 'success' });
    } catch (err) {
      toast({ title: serverMessage(err, message('generic_error')), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function onRevoke() {
    setBusy(true);
    try {
      const done = await revokeSignInLink(classId, pupil.id);
      setMade(null);
      toast({ title: done.message, variant: 'success' });
    } catch (err) {
      toast({ title: serverMessage(err, message('generic_error')), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('pupils.qrTitle', { name: pupil.name })}
      description={t('pupils.qrIntro', { name: pupil.name })}
      closeLabel={t('common:actions.close')}
    >
      {made && (
        <figure className="mb-4 flex flex-col items-center gap-2">
          <div
            role="img"
            aria-label={t('pupils.qrImage', { name: pupil.name })}
            className="size-56 [&>svg]:size-full"
            data-testid="pupil-qr"
            // The SVG is generated locally by the qrcode package from our own URL: no markup from outside.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: locally generated SVG
            dangerouslySetInnerHTML={{ __html: made.svg }}
          />
          <figcaption className="w-full text-sm text-slate-700">
            {t('pupils.qrLink')}:{' '}
            <code className="break-all" data-testid="pupil-qr-link">
              {made.url}
            </code>
          </figcaption>
        </figure>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onRevoke} disabled={busy} data-testid="revoke-pupil-qr">
          {t('pupils.qrRevoke')}
        </Button>
        <Button onClick={onMake} disabled={busy} data-testid="make-pupil-qr">
          {busy ? t('busy') : t('pupils.qrMake')}
        </Button>
      </div>
    </Dialog>
  );
}
