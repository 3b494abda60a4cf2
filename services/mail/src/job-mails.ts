import { MAIL_JOB_SCHEMAS, type MailJobName, type MailJobPayload } from '@mathgames/contracts';
import { openMailToken } from '@mathgames/platform';
import { type MailContent, type MailKind, type RenderedMail, renderMail } from './templates.js';

/** One e-mail to send; `part` tells apart the mails of one job (e-mail change sends two). */
export type OutgoingMail = { part: string; to: string; kind: MailKind } & RenderedMail;

export class InvalidMailJobError extends Error {}

/**
 * A link to `path`, its one-time token in the fragment (`#token=`): browsers never send a fragment, so no access
 * log, proxy or Referer sees it, and the page strips it from the address on arrival
 * (docs/decisions/0046-link-tokens-in-fragment.md).
 */
function link(publicUrl: string, path: string, token?: string): string {
  const url = new URL(path, publicUrl);
  if (token) url.hash = new URLSearchParams({ token }).toString();
  return url.toString();
}

/**
 * Validates a `mail` job against its contracts schema and renders what it must send, in the user's language.
 * Token fields arrive sealed (MAIL_TOKEN_KEY); one that does not open is an invalid job, never a broken link.
 */
export function mailsForJob(
  name: string,
  data: unknown,
  publicUrl: string,
  mailTokenKey: string,
): OutgoingMail[] {
  const open = (sealed: string): string => {
    const token = openMailToken(sealed, mailTokenKey);
    if (!token)
      throw new InvalidMailJobError(`"${name}" carries a token that does not open with MAIL_TOKEN_KEY`);
    return token;
  };
  const schema = (MAIL_JOB_SCHEMAS as Record<string, (typeof MAIL_JOB_SCHEMAS)[MailJobName]>)[name];
  if (!schema) throw new InvalidMailJobError(`unknown mail job "${name}"`);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(root)'))];
    throw new InvalidMailJobError(`invalid "${name}" payload (fields: ${fields.join(', ')})`);
  }
  /** One mail to `to`, greeting the user by name in their language, with a link to `path` (token opened). */
  const mail = (
    part: string,
    to: string,
    kind: MailKind,
    user: { lang: MailContent['lang']; username: string },
    path: string,
    sealedToken?: string,
    extra: Partial<MailContent> = {},
  ): OutgoingMail => {
    const token = sealedToken === undefined ? undefined : open(sealedToken);
    const content = { lang: user.lang, name: user.username, link: link(publicUrl, path, token), ...extra };
    return { part, to, kind, ...renderMail(kind, content) };
  };
  switch (name as MailJobName) {
    case 'verify-email': {
      const e = parsed.data as MailJobPayload<'verify-email'>;
      return [mail('verify', e.email, 'verify-email', e, '/verify-email', e.verificationToken)];
    }
    case 'reset-password': {
      const e = parsed.data as MailJobPayload<'reset-password'>;
      return [mail('reset', e.email, 'reset-password', e, '/reset-password', e.resetToken)];
    }
    case 'email-already-registered': {
      const e = parsed.data as MailJobPayload<'email-already-registered'>;
      return [mail('notice', e.email, 'email-already-registered', e, '/')];
    }
    case 'confirm-email-change': {
      const e = parsed.data as MailJobPayload<'confirm-email-change'>;
      // The same page as a registration's link: opening it is what makes the change happen.
      return [mail('confirm', e.email, 'confirm-email-change', e, '/verify-email', e.changeToken)];
    }
    case 'email-changed': {
      // The old address hears about the change with a way back, so a hijacked account does not go unnoticed.
      const e = parsed.data as MailJobPayload<'email-changed'>;
      return [
        mail('notice', e.previousEmail, 'email-changed', e, '/revert-email', e.revertToken, {
          newEmail: e.email,
        }),
      ];
    }
    case 'password-changed': {
      const e = parsed.data as MailJobPayload<'password-changed'>;
      return [mail('notice', e.email, 'password-changed', e, '/')];
    }
  }
}
