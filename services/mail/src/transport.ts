import { inSpan, type Logger, SpanKind } from '@mathgames/platform';
import nodemailer from 'nodemailer';
import type { OutgoingMail } from './job-mails.js';

export type MailTransport = {
  send(mail: OutgoingMail, headers: { messageId: string }): Promise<void>;
  verify(): Promise<void>;
  close(): void;
};

/**
 * SMTP via nodemailer when SMTP_URL is set; otherwise the mail and its link are logged so a local start
 * works without a mail server. Timeouts keep a stuck server from holding a job forever (it is retried).
 */
export function createMailTransport(options: {
  smtpUrl?: string | undefined;
  from: string;
  logger: Logger;
}): MailTransport {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl) {
    return {
      async send(mail) {
        const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
        logger.info(
          { to: mail.to, subject: mail.subject, kind: mail.kind, link },
          'mail (SMTP_URL unset, not sent)',
        );
      },
      async verify() {},
      close() {},
    };
  }
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail, headers) {
      // The span names the kind of mail only: never the address, name or link.
      const attributes = { 'mail.kind': mail.kind, 'server.address': new URL(smtpUrl).hostname };
      await inSpan('smtp send', { kind: SpanKind.CLIENT, attributes }, () => sendOverSmtp(mail, headers));
    },
    async verify() {
      await transporter.verify();
    },
    close() {
      transporter.close();
    },
  };

  async function sendOverSmtp(mail: OutgoingMail, headers: { messageId: string }): Promise<void> {
    await transporter.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      // Stable per job and part: a receiving system can drop a duplicate even in the narrowest crash window.
      messageId: headers.messageId,
    });
  }
}
