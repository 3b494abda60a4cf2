import { type ClassPupil, pupilSignInLinkPath } from '@mathgames/contracts';
import QRCode from 'qrcode';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { createSignInLink, revokeSignInLink } from '../api/class-pupils.js';
import { useServerAction } from './use-server-action.js';

/** The pupil's personal sign-in address: the secret rides in the fragment, so no server ever logs it. */
export const signInLinkUrl = (secret: string) =>
  new URL(pupilSignInLinkPath(secret), window.location.origin).href;

/** An SVG QR code, drawn in the browser (no network, no image service). */
export const qrSvg = (url: string) =>
  QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });

/** What a dialog about one pupil of a class is given. */
export interface PupilDialogProps {
  classId: number;
  pupil: ClassPupil;
  onClose: () => void;
}

/** Makes (or turns off) a pupil's personal QR sign-in. The secret is only known right after making it. */
export function PupilQrDialog({ classId, pupil, onClose }: PupilDialogProps) {
  const { t } = useTranslation(['teacher', 'common']);
  const { busy, run } = useServerAction();
  const [made, setMade] = useState<{ url: string; svg: string } | null>(null);

  const onMake = () =>
    run(() => createSignInLink(classId, pupil.id), {
      onDone: async (done) => {
        const url = signInLinkUrl(done.secret);
        setMade({ url, svg: await qrSvg(url) });
      },
    });

  const onRevoke = () => run(() => revokeSignInLink(classId, pupil.id), { onDone: () => setMade(null) });

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
