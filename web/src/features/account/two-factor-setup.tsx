import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Check, Copy, Download, RotateCcw } from 'lucide-react';
import type { TwoFactorSetup } from '@core/contracts/auth.ts';
import { useTranslation } from '@/lib/translation';
import { fieldIssues, isApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { downloadText } from '@/lib/download';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { applyServerIssues, translateValidation } from '@/lib/validation';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { useEnableTwoFactor, useStartTwoFactorSetup } from './two-factor.api';
import type { TwoFactorCodeValues } from './account.schemas';

/** The secret in groups of four, as it is typed into an app by hand. */
export const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The otpauth:// address as a QR code: an SVG drawn in the browser by the qrcode library (loaded
 * with the dialog, nothing fetched), shown as an image from a data: address (the policy allows
 * data: images; no markup is injected into the page).
 */
function QrCode({ uri, label }: { uri: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((loaded) => {
        // The library is CommonJS: its functions are on the default export (or, bundled otherwise, on the module).
        const qrcode = (loaded.default as typeof loaded | undefined) ?? loaded;
        return qrcode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
      })
      .then((svg) => {
        if (!svg.includes('<svg')) throw new Error('not an SVG');
        if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [uri]);
  if (failed) return null;
  if (!src) return <Skeleton className="size-44 sm:size-48" />;
  return (
    <img
      src={src}
      alt={label}
      width={192}
      height={192}
      className="size-44 rounded-md border bg-white sm:size-48"
      data-testid="two-factor-qr"
    />
  );
}

function ScanStep({ setup, idPrefix, onEnabled }: { setup: TwoFactorSetup; idPrefix: string; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation('account');
  const enable = useEnableTwoFactor();
  const form = useForm<TwoFactorCodeValues>({
    resolver: lazyZodResolver<TwoFactorCodeValues>(() => import('./account.schemas').then((m) => m.twoFactorEnableForm)),
    defaultValues: { code: '' },
  });
  const { errors } = form.formState;
  const codeError = translateValidation(errors.code?.message, t);
  const id = `${idPrefix}-code`;

  const onSubmit = form.handleSubmit((values) =>
    enable.mutate(values, {
      onSuccess: ({ backupCodes }) => onEnabled(backupCodes),
      onError: (error) => {
        applyServerIssues(fieldIssues(error), ['code'] as const, form.setError);
        if (isApiError(error) && error.code === 'auth.two_factor_invalid') {
          form.setError('code', { type: 'server', message: t('twoFactor.setup.wrongCode') });
          form.setFocus('code');
          return;
        }
        toast({ variant: 'destructive', title: t('twoFactor.setup.failed'), description: errorMessage(error, t) });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="two-factor-scan">
      <ol className="flex list-decimal flex-col gap-1 ps-5 text-sm text-muted-foreground">
        <li>{t('twoFactor.setup.stepApp')}</li>
        <li>{t('twoFactor.setup.stepScan')}</li>
        <li>{t('twoFactor.setup.stepCode')}</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <QrCode uri={setup.uri} label={t('twoFactor.setup.qrLabel')} />
        <div className="flex w-full min-w-0 flex-col gap-2">
          <p className="text-sm font-medium">{t('twoFactor.setup.secretLabel')}</p>
          <code
            dir="ltr"
            className="block rounded-md border bg-muted/50 px-3 py-2 text-start font-mono text-sm tracking-wide break-words select-all"
            data-testid="two-factor-secret"
          >
            {groupSecret(setup.secret)}
          </code>
          <p className="text-xs text-muted-foreground">{t('twoFactor.setup.secretHint')}</p>
        </div>
      </div>
      <Field id={id} label={t('twoFactor.codeLabel')} error={codeError}>
        <Input
          id={id}
          dir="ltr"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          className="max-w-44 text-start font-mono tracking-widest"
          aria-invalid={!!errors.code}
          aria-describedby={describedBy(id, codeError)}
          {...form.register('code')}
        />
      </Field>
      <Button type="submit" className="w-full sm:w-auto sm:self-end" loading={enable.isPending} data-testid="two-factor-confirm">
        {t('twoFactor.setup.confirm')}
      </Button>
    </form>
  );
}

/** The backup codes, shown once: copy, download, and say they are saved before closing. */
export function BackupCodes({ codes, onDone, doneLabel }: { codes: string[]; onDone: () => void; doneLabel: string }) {
  const { t } = useTranslation('account');
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const text = `${t('twoFactor.codes.fileHeading')}\n\n${codes.join('\n')}\n`;
  const copy = () =>
    navigator.clipboard
      .writeText(codes.join('\n'))
      .then(() => setCopied(true))
      .catch(() => toast({ variant: 'destructive', title: t('twoFactor.codes.copyFailed') }));

  return (
    <div className="flex flex-col gap-4" data-testid="two-factor-backup-codes">
      <p className="text-sm text-muted-foreground">{t('twoFactor.codes.description')}</p>
      <ul
        dir="ltr"
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm"
        aria-label={t('twoFactor.codes.title')}
      >
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wide" data-testid="backup-code">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? t('twoFactor.codes.copied') : t('twoFactor.codes.copy')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => downloadText(text, 'workbay-backup-codes.txt', 'text/plain;charset=utf-8')}>
          <Download aria-hidden />
          {t('twoFactor.codes.download')}
        </Button>
      </div>
      <label className="flex cursor-pointer items-center gap-3 text-sm font-medium">
        <Checkbox checked={saved} onCheckedChange={(value) => setSaved(value === true)} data-testid="backup-codes-saved" />
        {t('twoFactor.codes.saved')}
      </label>
      <Button onClick={onDone} disabled={!saved} className="w-full sm:w-auto sm:self-end" data-testid="backup-codes-done">
        {doneLabel}
      </Button>
    </div>
  );
}

/**
 * Setting two-factor up: a new secret (QR code and text), confirmed by a first code, then the
 * backup codes once. `onCodesShown` tells the caller two-factor is on and the codes are on
 * screen; `onDone` that they were put away.
 */
export function TwoFactorSetupFlow({
  idPrefix,
  onCodesShown,
  onDone,
  doneLabel,
}: {
  idPrefix: string;
  onCodesShown?: () => void;
  onDone: () => void;
  doneLabel: string;
}) {
  const { t } = useTranslation('account');
  const start = useStartTwoFactorSetup();
  const [codes, setCodes] = useState<string[] | null>(null);
  const started = useRef(false);
  const { mutate } = start;
  useEffect(() => {
    // Once per opening (React's development double effects would ask for two secrets).
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  if (codes) return <BackupCodes codes={codes} onDone={onDone} doneLabel={doneLabel} />;
  if (start.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <p className="font-medium">{t('twoFactor.setup.startFailed')}</p>
        <p className="text-sm text-muted-foreground">{errorMessage(start.error, t)}</p>
        <Button variant="outline" onClick={() => mutate()}>
          <RotateCcw aria-hidden />
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  }
  if (!start.data) {
    return (
      <div className="flex flex-col gap-4">
        <Skeleton className="h-16" />
        <Skeleton className="size-48" />
        <Skeleton className="h-10" />
      </div>
    );
  }
  return (
    <ScanStep
      setup={start.data}
      idPrefix={idPrefix}
      onEnabled={(backupCodes) => {
        setCodes(backupCodes);
        onCodesShown?.();
      }}
    />
  );
}
