import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
// shared-ui's own files rather than 'shared-ui': the shell's sign-in page renders this form before the app (router,
// forms, tables) loads, and the whole package would bring react-router and final-form (shell README "Signed-out entry").
import { Button } from 'shared-ui/src/buttons/Button';
import { validateMobile } from 'shared-ui/src/forms/validators';
import { TextInput } from 'shared-ui/src/inputs/inputs';
import { Stack } from 'shared-ui/src/layout/layout';
import { theme } from 'shared-ui/src/theme';

/** SPEC.md §4, §9: a code can be resent after 60 seconds. */
export const OTP_RESEND_SECONDS = 60;

const Label = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  font-weight: ${theme.fontWeights.medium};
`;
const Prefixed = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  span {
    color: ${theme.colors.textMuted};
  }
`;
const Message = styled.p<{ $error?: boolean }>`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  color: ${({ $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
`;

/**
 * The sign-in calls and the API client behind them (axios, the SWR cache it clears) load when the visitor first
 * focuses the form, not with the page: most of a first visit's bytes otherwise. Loaded once, then from memory.
 */
const loadAuthFlow = () =>
  import('../auth-flow').catch(() => {
    throw new Error('Medico B2B cannot be reached just now. Check your connection and try again.');
  });

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}

/**
 * Sign-in by mobile number and one-time code against the real API. The session lands in shared-auth's store,
 * so whoever renders this only has to watch `useSession()`; `onSignedIn` is for what follows a sign-in once
 * (the shell asks for push notifications there). Used by the shell's landing page and by DevShell.
 */
export function OtpSignInForm({ onSignedIn }: { onSignedIn?: () => void }) {
  const [step, setStep] = useState<'mobile' | 'otp'>('mobile');
  const [mobile, setMobile] = useState('');
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendIn, setResendIn] = useState(0);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  function submitMobile(event: FormEvent) {
    event.preventDefault();
    const invalid = validateMobile(mobile);
    if (invalid) return setError(invalid);
    void run(async () => {
      const { requestOtp } = await loadAuthFlow();
      const { resendAfterSeconds } = await requestOtp(mobile);
      setStep('otp');
      setOtp('');
      setResendIn(resendAfterSeconds || OTP_RESEND_SECONDS);
    });
  }

  function submitOtp(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(otp)) return setError('Enter the 6-digit code');
    void run(async () => {
      const { verifyOtp } = await loadAuthFlow();
      await verifyOtp(mobile, otp);
      onSignedIn?.();
    });
  }

  function resend() {
    void run(async () => {
      const { resendOtp } = await loadAuthFlow();
      const { resendAfterSeconds } = await resendOtp(mobile);
      setResendIn(resendAfterSeconds || OTP_RESEND_SECONDS);
    });
  }

  if (step === 'mobile') {
    return (
      <form onSubmit={submitMobile} onFocus={() => void loadAuthFlow().catch(() => undefined)} noValidate aria-label="Sign in">
        <Stack gap="md">
          <Label>
            Mobile number
            <Prefixed>
              <span>+91</span>
              <TextInput
                name="mobileNumber"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={10}
                placeholder="10-digit mobile number"
                value={mobile}
                invalid={Boolean(error)}
                onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))}
              />
            </Prefixed>
          </Label>
          {error && <Message $error role="alert">{error}</Message>}
          <Button type="submit" loading={busy}>
            Get OTP
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={submitOtp} noValidate aria-label="Verify code">
      <Stack gap="md">
        <Message>
          We sent a 6-digit code to +91 {mobile}.{' '}
          <Button type="button" variant="ghost" size="sm" onClick={() => setStep('mobile')}>
            Change number
          </Button>
        </Message>
        <Label>
          One-time code
          <TextInput
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="6-digit code"
            value={otp}
            invalid={Boolean(error)}
            onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
          />
        </Label>
        {error && <Message $error role="alert">{error}</Message>}
        <Button type="submit" loading={busy}>
          Verify and sign in
        </Button>
        {resendIn > 0 ? (
          <Message aria-live="polite">Resend code in {resendIn} s</Message>
        ) : (
          <Button type="button" variant="secondary" onClick={resend} disabled={busy}>
            Resend code
          </Button>
        )}
      </Stack>
    </form>
  );
}
