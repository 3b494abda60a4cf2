import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from './smtp-capture.js';

describe('the SMTP capture', () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp.close());

  it('receives a real SMTP mail and exposes recipient, subject, text and html decoded', async () => {
    const transport = nodemailer.createTransport(smtp.url);
    await transport.sendMail({
      from: 'Matematik Oyunları <no-reply@mathgames.local>',
      to: 'ayşe@example.com',
      subject: 'E-posta adresini doğrula ✓',
      text: 'Merhaba Ayşe, bağlantı: http://localhost:8080/verify-email?token=abc',
      html: '<p>Merhaba <b>Ayşe</b></p>',
    });
    const mail = await smtp.waitFor((m) => m.to.includes('ayşe@example.com'));
    expect(mail.subject).toBe('E-posta adresini doğrula ✓');
    expect(mail.text).toContain('verify-email?token=abc');
    expect(mail.text).toContain('Merhaba Ayşe');
    expect(mail.html).toContain('<b>Ayşe</b>');
    transport.close();
  });

  it('fails waitFor with a clear error when no matching mail arrives', async () => {
    await expect(smtp.waitFor((m) => m.to.includes('nobody@example.com'), 200)).rejects.toThrow(
      /expected e-mail not received/,
    );
  });
});
