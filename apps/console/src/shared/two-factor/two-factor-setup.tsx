import { Alert, Button, Code, Group, Image, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../api/index.ts';
import { CopyTextButton, CopyValue } from '../feedback/index.ts';
import { CurrentPasswordField } from '../fields/index.ts';
import { useProfile } from '../session/index.ts';
import { recoveryCodesFile, useTotpDisable, useTotpEnable, useTotpSetup, useTwoFactorDone } from './two-factor.ts';

/** The otpauth:// address as a QR code (an SVG data URL; the qrcode library loads with this step only). */
function useQrCode(otpauthUrl: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (qr) => {
      const svg = await qr.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [otpauthUrl]);
  return src;
}

/** The ten recovery codes, shown once, to copy or download. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const email = useProfile().data?.email ?? '';
  const text = recoveryCodesFile(codes, email);
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'kids-vod-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm">
      <Alert
        color="teal"
        variant="light"
        icon={<IconShieldCheck size={18} aria-hidden />}
        title="Two-factor sign-in is on"
      >
        Keep these recovery codes somewhere safe (a password manager, a printout). Each signs you in once if you lose
        your phone. They are not shown again.
      </Alert>
      <SimpleGrid cols={2} spacing={4} maw={360} data-testid="recovery-codes" aria-label="Recovery codes">
        {codes.map((c) => (
          <Code key={c} fz="sm">
            {c}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyTextButton value={text} label="Copy codes" />
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
          Download
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </Group>
    </Stack>
  );
}

/** Scan, type the code, get the recovery codes. */
function Enrol({
  secret,
  otpauthUrl,
  onEnabled,
}: {
  secret: string;
  otpauthUrl: string;
  onEnabled: (codes: string[]) => void;
}) {
  const qr = useQrCode(otpauthUrl);
  const enable = useTotpEnable();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap="sm">
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>Open an authenticator app (Google Authenticator, 1Password, Microsoft Authenticator, …).</List.Item>
        <List.Item>Scan this QR code, or type the key under it.</List.Item>
        <List.Item>Enter the 6-digit code the app shows.</List.Item>
      </List>
      <Group align="flex-start" gap="lg">
        {qr ? (
          <Image src={qr} alt="QR code to scan with an authenticator app" w={180} h={180} bg="white" radius="sm" />
        ) : (
          <Stack w={180} h={180} />
        )}
        <Stack gap="xs" flex={1} miw={240}>
          <Text size="sm" fw={500} id="totp-secret-label">
            Key for typing in
          </Text>
          <Group gap={4} wrap="nowrap">
            <Code
              fz="sm"
              data-testid="totp-secret"
              aria-labelledby="totp-secret-label"
              style={{ overflowWrap: 'anywhere' }}
            >
              {secret}
            </Code>
            <CopyValue value={secret} label="Copy the key" />
          </Group>
          <form
            noValidate
            aria-label="Confirm two-factor code"
            onSubmit={(e) => {
              e.preventDefault();
              const digits = code.replace(/\s/g, '');
              if (!/^\d{6}$/.test(digits)) return setError('Enter the 6-digit code from the app');
              setError(null);
              enable.mutate(digits, {
                onSuccess: (answer) => onEnabled(answer.recovery_codes),
                onError: (err) => setError(errorMessage(err)),
              });
            }}
          >
            <Group align="flex-start" gap="sm">
              <TextInput
                label="Code from the app"
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={7}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                error={error}
                w={180}
              />
              <Button type="submit" mt={25} loading={enable.isPending}>
                Turn on
              </Button>
            </Group>
          </form>
        </Stack>
      </Group>
    </Stack>
  );
}

/** Turning two-factor off asks for the password. */
function TurnOff() {
  const disable = useTotpDisable();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      aria-label="Turn off two-factor sign-in"
      onSubmit={(e) => {
        e.preventDefault();
        if (!password) return setError('Enter your password');
        setError(null);
        disable.mutate(password, { onError: (err) => setError(errorMessage(err)), onSuccess: () => setPassword('') });
      }}
    >
      <Group align="flex-start" gap="sm">
        <CurrentPasswordField
          label="Password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={error}
          w={260}
        />
        <Button type="submit" mt={25} variant="default" color="red" loading={disable.isPending}>
          Turn off
        </Button>
      </Group>
    </form>
  );
}

/**
 * Two-factor sign-in (TOTP) of the signed-in user: set it up (QR code or key, a code to confirm, then the ten
 * recovery codes shown once), or turn it off with the password. The account screen and the "set up two-factor
 * first" page both show this.
 */
export function TwoFactorSetup() {
  const profile = useProfile().data;
  const setup = useTotpSetup();
  const done = useTwoFactorDone();
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          setup.reset();
          done();
        }}
      />
    );
  }
  if (profile?.totp_enabled) {
    return (
      <Stack gap="sm">
        <Text size="sm">
          Two-factor sign-in is on: signing in asks for a code from your authenticator app (or a recovery code).
        </Text>
        <TurnOff />
      </Stack>
    );
  }
  if (setup.data) {
    return <Enrol secret={setup.data.secret} otpauthUrl={setup.data.otpauth_url} onEnabled={setCodes} />;
  }
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">
        Two-factor sign-in asks for a code from an app on your phone as well as your password, so a stolen password
        alone does not open your account.
      </Text>
      <Button onClick={() => setup.mutate()} loading={setup.isPending} leftSection={<IconShieldCheck size={16} />}>
        Set up two-factor sign-in
      </Button>
    </Stack>
  );
}
