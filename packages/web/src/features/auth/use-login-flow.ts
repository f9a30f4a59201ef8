import { validateEmail, validateLoginPassword } from '@charter/domain';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useSession } from '../../app/session.tsx';
import { checkEmail, loginWithPassword, requestChallenge } from './auth-api.ts';
import { loginErrorMessage } from './auth-messages.ts';
import { saveChallenge } from './auth-storage.ts';
import { useAfterSignIn } from './use-after-sign-in.ts';

export type LoginMode = 'password' | 'link';
export type LoginStep = 'email' | 'credentials';

/** The login screen's state machine (spec §4 "Login flow"). */
export function useLoginFlow(initialEmail: string) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { signIn } = useSession();
  const afterSignIn = useAfterSignIn();
  const [email, setEmailValue] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [mode, setMode] = useState<LoginMode>('password');
  const [step, setStep] = useState<LoginStep>('email');
  const [passwordAllowed, setPasswordAllowed] = useState(true);
  const [fieldError, setFieldError] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Editing the email starts the flow again. */
  const setEmail = (value: string) => {
    setEmailValue(value);
    setStep('email');
    setMode('password');
    setPassword('');
    setPasswordAllowed(true);
    setFieldError({});
    setError(null);
  };

  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (caught) {
      setError(loginErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const emailOk = () => {
    const message = validateEmail(email);
    setFieldError(message ? { email: message } : {});
    return !message;
  };

  const sendLink = (create: boolean) =>
    requestChallenge(email, 'magic-link', create).then((challenge) => {
      saveChallenge({ ...challenge, email: email.trim(), template: 'magic-link' });
      navigate(`/verify-code/magic-link${params.has('redirect') ? `?${params}` : ''}`);
    });

  /** Next (password mode) or Send Email Link (link mode) on the email step. */
  const submitEmail = () => {
    if (!emailOk()) return;
    void run(async () => {
      try {
        const { password_allowed } = await checkEmail(email);
        setPasswordAllowed(password_allowed);
        if (!password_allowed) setMode('link');
        if (mode === 'link' && password_allowed) return sendLink(false);
        setStep('credentials');
      } catch (caught) {
        if (!isApiError(caught, 'NOT_FOUND')) throw caught;
        if (mode === 'link') return sendLink(true);
        const query = new URLSearchParams({ email: email.trim() });
        // A registration on the way to a page (a data room) goes on to it, as a sign-in would.
        const redirect = params.get('redirect');
        if (redirect) query.set('redirect', redirect);
        navigate(`/register?${query}`, { state: { email: email.trim() } });
      }
    });
  };

  const submitPassword = () => {
    const message = validateLoginPassword(password);
    setFieldError(message ? { password: message } : {});
    if (message || !emailOk()) return;
    void run(async () => {
      const { id_token } = await loginWithPassword(email, password);
      await signIn(id_token);
      await afterSignIn();
    });
  };

  const submitLink = () => {
    if (emailOk()) void run(() => sendLink(false));
  };

  const switchToLink = () => {
    setMode('link');
    setError(null);
  };
  const switchToPassword = () => {
    setMode('password');
    setError(null);
  };

  return {
    email,
    setEmail,
    password,
    setPassword,
    mode,
    step,
    passwordAllowed,
    fieldError,
    error,
    setError,
    busy,
    submitEmail,
    submitPassword,
    submitLink,
    switchToLink,
    switchToPassword,
  };
}
