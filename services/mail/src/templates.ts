export type MailLang = 'tr' | 'en';
export type MailKind =
  | 'verify-email'
  | 'reset-password'
  | 'email-already-registered'
  | 'email-changed'
  | 'confirm-email-change'
  | 'password-changed';
export const MAIL_KINDS: readonly MailKind[] = [
  'verify-email',
  'reset-password',
  'email-already-registered',
  'email-changed',
  'confirm-email-change',
  'password-changed',
];

export type MailContent = {
  lang: MailLang;
  /** The name the child chose (display name, else username). */
  name: string;
  /** The one action of the mail: verify, reset, log in, or open the site. */
  link: string;
  /** email-changed: the new address, shown masked to the old one. */
  newEmail?: string | undefined;
};

export type RenderedMail = { subject: string; text: string; html: string };

type Copy = {
  subject: string;
  preheader: string;
  greeting: string;
  paragraphs: string[];
  button: string;
  after: string[];
};

const SIGNATURE: Record<MailLang, string[]> = {
  tr: ['Sevgiyle,', 'Matematik Oyunları ekibi'],
  en: ['With love,', 'the Math Games team'],
};
const LINK_FALLBACK: Record<MailLang, string> = {
  tr: 'Düğme çalışmazsa bu bağlantıyı tarayıcına kopyala:',
  en: 'If the button does not work, copy this link into your browser:',
};
const PARENT_NOTE: Record<MailLang, string> = {
  tr: 'Bu e-posta bir çocuğun hesabıyla ilgili. Birlikte okumanızı öneririz.',
  en: "This e-mail is about a child's account. We suggest reading it together.",
};

/** The first mail of an account: the link that verifies its address. */
function verifyEmailCopy({ name }: MailContent, tr: boolean): Copy {
  return tr
    ? {
        subject: 'E-posta adresini doğrula',
        preheader: 'Bir tıkla hesabını etkinleştir.',
        greeting: `Merhaba ${name},`,
        paragraphs: [
          'Matematik Oyunları’na hoş geldin! Hesabını etkinleştirmek için aşağıdaki düğmeye tıkla.',
        ],
        button: 'E-postamı doğrula',
        after: [
          'Bu bağlantı 24 saat geçerlidir.',
          'Bu hesabı sen açmadıysan bu e-postayı görmezden gelebilirsin.',
        ],
      }
    : {
        subject: 'Verify your e-mail address',
        preheader: 'One click to activate your account.',
        greeting: `Hi ${name},`,
        paragraphs: ['Welcome to Math Games! Click the button below to activate your account.'],
        button: 'Verify my e-mail',
        after: [
          'This link works for 24 hours.',
          'If you did not create this account, you can ignore this e-mail.',
        ],
      };
}

/** A password reset link, asked for on the login screen. */
function resetPasswordCopy({ name }: MailContent, tr: boolean): Copy {
  return tr
    ? {
        subject: 'Şifreni yenile',
        preheader: 'Yeni bir şifre belirlemek için bağlantı.',
        greeting: `Merhaba ${name},`,
        paragraphs: ['Şifreni yenilemek için bir istek aldık. Yeni bir şifre belirlemek için düğmeye tıkla.'],
        button: 'Yeni şifre belirle',
        after: [
          'Bu bağlantı 1 saat geçerlidir ve yalnızca bir kez kullanılabilir.',
          'Bu isteği sen yapmadıysan bir şey yapmana gerek yok; şifren değişmedi.',
        ],
      }
    : {
        subject: 'Reset your password',
        preheader: 'A link to choose a new password.',
        greeting: `Hi ${name},`,
        paragraphs: ['We received a request to reset your password. Click the button to choose a new one.'],
        button: 'Choose a new password',
        after: [
          'This link works for 1 hour and only once.',
          'If you did not ask for this, you do not need to do anything; your password has not changed.',
        ],
      };
}

/** Someone registered with an address that has an account: log in instead. */
function emailAlreadyRegisteredCopy({ name }: MailContent, tr: boolean): Copy {
  return tr
    ? {
        subject: 'Bu e-posta adresiyle zaten bir hesabın var',
        preheader: 'Yeni hesap gerekmez, giriş yapabilirsin.',
        greeting: `Merhaba ${name},`,
        paragraphs: [
          'Biri bu e-posta adresiyle yeni bir hesap açmayı denedi, ama bu adresle zaten bir hesabın var.',
          'Sen miydin? Hemen giriş yapabilirsin. Şifreni hatırlamıyorsan giriş ekranındaki “Şifremi unuttum” bağlantısını kullan.',
        ],
        button: 'Giriş yap',
        after: ['Sen değilsen endişelenme: hesabın güvende ve hiçbir şey değişmedi.'],
      }
    : {
        subject: 'You already have an account with this e-mail',
        preheader: 'No new account needed, you can log in.',
        greeting: `Hi ${name},`,
        paragraphs: [
          'Someone tried to create a new account with this e-mail address, but you already have one.',
          'Was it you? You can log in right away. If you forgot your password, use “Forgot password” on the login screen.',
        ],
        button: 'Log in',
        after: ['If it was not you, do not worry: your account is safe and nothing has changed.'],
      };
}

/** To the old address after a change: the new one masked, and the link that undoes it. */
function emailChangedCopy({ name, newEmail }: MailContent, tr: boolean): Copy {
  return tr
    ? {
        subject: 'Hesabının e-posta adresi değişti',
        preheader: 'Bu değişikliği sen yapmadıysan geri alabilirsin.',
        greeting: `Merhaba ${name},`,
        paragraphs: [
          `Hesabının e-posta adresi ${maskEmail(newEmail)} olarak değiştirildi. Bundan sonraki e-postalarımız yeni adrese gidecek.`,
          'Bunu sen yaptıysan her şey yolunda. Sen yapmadıysan aşağıdaki düğmeyle eski adresini geri al: tüm cihazlardan çıkış yapılır, sonra bir yetişkinle birlikte şifreni yenile.',
        ],
        button: 'Değişikliği geri al',
        after: ['Bu bağlantı 7 gün geçerlidir ve yalnızca bir kez kullanılabilir.'],
      }
    : {
        subject: 'Your account e-mail address changed',
        preheader: 'If you did not make this change, you can undo it.',
        greeting: `Hi ${name},`,
        paragraphs: [
          `The e-mail address of your account was changed to ${maskEmail(newEmail)}. Our next e-mails will go to the new address.`,
          'If you did this, all is well. If not, undo it with the button below: every device is logged out, then reset your password with a grown-up.',
        ],
        button: 'Undo the change',
        after: ['This link works for 7 days and only once.'],
      };
}

/** To the new address: nothing changes until its link is opened. */
function confirmEmailChangeCopy({ name }: MailContent, tr: boolean): Copy {
  return tr
    ? {
        subject: 'Yeni e-posta adresini onayla',
        preheader: 'Onaylayana kadar hiçbir şey değişmez.',
        greeting: `Merhaba ${name},`,
        paragraphs: [
          'Hesabının e-posta adresini bu adres olarak değiştirmek istedin. Onaylamak için düğmeye tıkla; tıklayana kadar hiçbir şey değişmez.',
        ],
        button: 'Yeni adresimi onayla',
        after: [
          'Bu bağlantı 24 saat geçerlidir.',
          'Bu isteği sen yapmadıysan bu e-postayı görmezden gelebilirsin.',
        ],
      }
    : {
        subject: 'Confirm your new e-mail address',
        preheader: 'Nothing changes until you confirm.',
        greeting: `Hi ${name},`,
        paragraphs: [
          'You asked to change the e-mail address of your account to this one. Click the button to confirm; nothing changes until you do.',
        ],
        button: 'Confirm my new address',
        after: ['This link works for 24 hours.', 'If you did not ask for this, you can ignore this e-mail.'],
      };
}

/** The password changed and every device was logged out. */
function passwordChangedCopy({ name }: MailContent, tr: boolean): Copy {
  return tr
    ? {
        subject: 'Şifren değişti',
        preheader: 'Bu değişikliği sen yaptıysan her şey yolunda.',
        greeting: `Merhaba ${name},`,
        paragraphs: [
          'Hesabının şifresi az önce değiştirildi ve tüm cihazlardan çıkış yapıldı.',
          'Bunu sen yaptıysan her şey yolunda. Sen yapmadıysan bir yetişkinden yardım iste ve giriş ekranındaki “Şifremi unuttum” ile hemen yeni bir şifre belirle.',
        ],
        button: 'Matematik Oyunları’nı aç',
        after: [],
      }
    : {
        subject: 'Your password changed',
        preheader: 'If you made this change, all is well.',
        greeting: `Hi ${name},`,
        paragraphs: [
          'The password of your account was just changed and every device was logged out.',
          'If you did this, all is well. If not, ask a grown-up for help and choose a new password right away with “Forgot password” on the login screen.',
        ],
        button: 'Open Math Games',
        after: [],
      };
}

const COPY: Record<MailKind, (content: MailContent, tr: boolean) => Copy> = {
  'verify-email': verifyEmailCopy,
  'reset-password': resetPasswordCopy,
  'email-already-registered': emailAlreadyRegisteredCopy,
  'email-changed': emailChangedCopy,
  'confirm-email-change': confirmEmailChangeCopy,
  'password-changed': passwordChangedCopy,
};

function copyFor(kind: MailKind, content: MailContent): Copy {
  return COPY[kind](content, content.lang === 'tr');
}

/** Shows enough of an address to be recognised, not enough to be harvested: "a•••@example.com". */
export function maskEmail(email: string | undefined): string {
  if (!email) return '•••';
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

export function renderMail(kind: MailKind, content: MailContent): RenderedMail {
  const copy = copyFor(kind, content);
  const { lang, link } = content;
  const text = [
    copy.greeting,
    '',
    ...copy.paragraphs.flatMap((p) => [p, '']),
    `${copy.button}: ${link}`,
    '',
    ...copy.after.flatMap((p) => [p, '']),
    PARENT_NOTE[lang],
    '',
    ...SIGNATURE[lang],
  ].join('\n');

  const e = escapeHtml;
  const paragraph = (p: string) =>
    `<p style="margin:0 0 16px;font-size:17px;line-height:1.5;color:#1f2937">${e(p)}</p>`;
  const small = (p: string) =>
    `<p style="margin:0 0 12px;font-size:14px;line-height:1.5;color:#4b5563">${e(p)}</p>`;
  const html = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(copy.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4ff;font-family:'Nunito','Segoe UI',Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden;opacity:0">${e(copy.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4ff;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:20px;padding:32px 28px">
<tr><td>
<p style="margin:0 0 20px;font-size:22px;font-weight:800;color:#6d28d9">${e(lang === 'tr' ? 'Matematik Oyunları' : 'Math Games')}</p>
<p style="margin:0 0 16px;font-size:19px;font-weight:700;color:#111827">${e(copy.greeting)}</p>
${copy.paragraphs.map(paragraph).join('\n')}
<p style="margin:24px 0;text-align:center"><a href="${e(link)}" style="display:inline-block;background:#7c3aed;color:#ffffff;text-decoration:none;font-size:18px;font-weight:700;padding:14px 28px;border-radius:999px">${e(copy.button)}</a></p>
${copy.after.map(small).join('\n')}
${small(LINK_FALLBACK[lang])}
<p style="margin:0 0 20px;font-size:13px;word-break:break-all"><a href="${e(link)}" style="color:#6d28d9">${e(link)}</a></p>
${small(PARENT_NOTE[lang])}
<p style="margin:16px 0 0;font-size:15px;color:#1f2937">${SIGNATURE[lang].map(e).join('<br>')}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { subject: copy.subject, text, html };
}
