import type { MailJobName } from '@mathgames/contracts';
import {
  MAIL_JOB_SCHEMAS,
  type UserEmailAlreadyRegisteredEvent,
  type UserEmailChangedEvent,
  type UserPasswordResetRequestedEvent,
  type UserRegisteredEvent,
} from '@mathgames/contracts';
import { type MailKind, type RenderedMail, renderMail } from './templates.js';

/** One e-mail to send; `part` tells apart the mails of one job (e-mail change sends two). */
export type OutgoingMail = { part: string; to: string; kind: MailKind } & RenderedMail;

export class InvalidMailJobError extends Error {}

function link(publicUrl: string, path: string, token?: string): string {
  const url = new URL(path, publicUrl);
  if (token) url.searchParams.set('token', token);
  return url.toString();
}

/** Validates a `mail` job against its contracts schema and renders what it must send, in the user's language. */
export function mailsForJob(name: string, data: unknown, publicUrl: string): OutgoingMail[] {
  const schema = (MAIL_JOB_SCHEMAS as Record<string, (typeof MAIL_JOB_SCHEMAS)[MailJobName]>)[name];
  if (!schema) throw new InvalidMailJobError(`unknown mail job "${name}"`);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(root)'))];
    throw new InvalidMailJobError(`invalid "${name}" payload (fields: ${fields.join(', ')})`);
  }
  const mail = (part: string, to: string, kind: MailKind, content: Parameters<typeof renderMail>[1]) => ({
    part,
    to,
    kind,
    ...renderMail(kind, content),
  });
  switch (name as MailJobName) {
    case 'verify-email': {
      const e = parsed.data as UserRegisteredEvent;
      return [
        mail('verify', e.email, 'verify-email', {
          lang: e.lang,
          name: e.username,
          link: link(publicUrl, '/verify-email', e.verificationToken),
        }),
      ];
    }
    case 'reset-password': {
      const e = parsed.data as UserPasswordResetRequestedEvent;
      return [
        mail('reset', e.email, 'reset-password', {
          lang: e.lang,
          name: e.username,
          link: link(publicUrl, '/reset-password', e.resetToken),
        }),
      ];
    }
    case 'email-already-registered': {
      const e = parsed.data as UserEmailAlreadyRegisteredEvent;
      return [
        mail('notice', e.email, 'email-already-registered', {
          lang: e.lang,
          name: e.username,
          link: link(publicUrl, '/'),
        }),
      ];
    }
    case 'email-changed': {
      const e = parsed.data as UserEmailChangedEvent;
      const mails = [
        mail('verify', e.email, 'verify-email', {
          lang: e.lang,
          name: e.username,
          link: link(publicUrl, '/verify-email', e.verificationToken),
        }),
      ];
      // The old address hears about the change, so a hijacked account does not go unnoticed.
      if (e.previousEmail && e.previousEmail.toLowerCase() !== e.email.toLowerCase()) {
        mails.push(
          mail('notice', e.previousEmail, 'email-changed', {
            lang: e.lang,
            name: e.username,
            link: link(publicUrl, '/'),
            newEmail: e.email,
          }),
        );
      }
      return mails;
    }
  }
}
