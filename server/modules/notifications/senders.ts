import type { Transporter } from 'nodemailer';

export type Message = { to: string; subject: string; text: string };
/** A way to reach a person: sends or throws. */
export type Sender = (message: Message) => Promise<void>;
export type Senders = Partial<Record<'email' | 'sms' | 'push', Sender>>;

/** E-mail over SMTP (`SMTP_URL`, e.g. smtp://user:pass@mail.example:587?from=desk@example.com). */
export function smtpSender(smtpUrl: string): Sender {
  const url = new URL(smtpUrl);
  const from = url.searchParams.get('from') ?? `Workbay <no-reply@${url.hostname}>`;
  url.searchParams.delete('from');
  // nodemailer is loaded with the first e-mail, not at every start (embedded cold start).
  let transport: Promise<Transporter> | undefined;
  return async ({ to, subject, text }) => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url.toString()));
    await (await transport).sendMail({ from, to, subject, text });
  };
}
