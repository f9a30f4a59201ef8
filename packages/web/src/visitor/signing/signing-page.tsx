import type { SignerView } from '@charter/domain';
import { SIGNING_DECLINED, SIGNING_LINK_INVALID, SIGNING_VOIDED } from '@charter/domain/signing/messages';
import { Button, Group, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/api-error.ts';
import { ConsentScreen } from './consent-screen.tsx';
import { agreeToSign, declineToSign, documentUrl, openSigning } from './signing-api.ts';
import { SigningDocument } from './signing-document.tsx';
import { ContactSupport, DownloadButton, LoadingNotice, NoticeCard, SigningFrame } from './signing-frame.tsx';

// Like the signature pad, loaded only when the signer asks for it.
const DeclineModal = lazy(() => import('./decline-modal.tsx'));

export const LOAD_FAILED = 'Sorry, there was a problem loading this document.';

export type SigningScreen = 'declined' | 'signed' | 'voided' | 'closed' | 'consent' | 'document';

/** Which screen a signer's view calls for. */
export function screenFor({ signer, document }: SignerView): SigningScreen {
  if (signer.declined) return 'declined';
  if (signer.signed) return 'signed';
  if (document.state === 'voided') return 'voided';
  if (document.state === 'declined') return 'closed';
  if (signer.can_sign && !signer.consented) return 'consent';
  return 'document';
}

type Problem = { message: string; retry: boolean };

/** Why the link did not open: the server's words (expired, not valid…), or a network failure to retry. */
function openProblem(error: unknown): Problem {
  if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) {
    return { message: errorMessage(error, LOAD_FAILED), retry: true };
  }
  // A token of the wrong shape fails the path's validation (400), with a message meant for developers.
  if (error instanceof ApiError && error.status === 400)
    return { message: SIGNING_LINK_INVALID, retry: false };
  return { message: errorMessage(error, SIGNING_LINK_INVALID), retry: false };
}

/** What everyone signing this document hears about the final copy, once this signer has signed. */
export function finalCopyNote(state: SignerView['document']['state']) {
  if (state === 'completed')
    return 'Everyone has signed. The final, sealed copy has been emailed to everyone.';
  if (state === 'sent') {
    return 'Other signers still need to sign. When everyone has, each of you will receive the final copy by email.';
  }
  return 'Everyone has signed. The final copy is being prepared and will be emailed to everyone.';
}

/**
 * Where the done screen may send the signer back to: a room page of this site (the NDA gate passes its
 * path as ?return=), nothing else.
 */
export function returnPath(search: string): string | null {
  const value = new URLSearchParams(search).get('return');
  if (!value?.startsWith('/data-room/') || value.includes('//') || value.includes('\\')) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.origin === window.location.origin && url.pathname.startsWith('/data-room/')
      ? url.pathname
      : null;
  } catch {
    return null;
  }
}

/** /sign/:token: the page a signer opens from the email. */
export function SigningPage() {
  const { token = '' } = useParams();
  const [view, setView] = useState<SignerView | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [declining, setDeclining] = useState(false);
  const screen = view ? screenFor(view) : null;
  const back = returnPath(window.location.search);

  // A new screen (the document after the disclosure, the done screen after it) starts at its top.
  useEffect(() => {
    if (screen) window.scrollTo(0, 0);
  }, [screen]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each attempt (Try again) opens the link anew
  useEffect(() => {
    const controller = new AbortController();
    setProblem(null);
    openSigning(token, controller.signal).then(setView, (error: unknown) => {
      if (!controller.signal.aborted) setProblem(openProblem(error));
    });
    return () => controller.abort();
  }, [token, attempt]);

  if (problem) {
    return (
      <SigningFrame>
        <NoticeCard title={problem.message}>
          {problem.retry && <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>}
          <ContactSupport />
        </NoticeCard>
      </SigningFrame>
    );
  }
  if (!view) {
    return (
      <SigningFrame>
        <LoadingNotice />
      </SigningFrame>
    );
  }

  const { title } = view.document;
  const download = documentUrl(token);
  const decline = async (reason: string) => {
    setView(await declineToSign(token, reason));
    setDeclining(false);
  };
  return (
    <SigningFrame downloadUrl={download}>
      {screen === 'signed' && (
        <NoticeCard
          title={`You ${view.signer.role === 'Approver' ? 'approved' : 'signed'} ${title}.`}
          icon={
            <ThemeIcon color="teal" variant="light" size={48} radius="xl">
              <IconCircleCheck size={30} aria-hidden />
            </ThemeIcon>
          }
        >
          <Text>{finalCopyNote(view.document.state)}</Text>
          <Group gap="sm">
            <DownloadButton url={download} variant={back ? 'default' : 'filled'} />
            {back && (
              <Button component="a" href={back}>
                Back to the room
              </Button>
            )}
          </Group>
        </NoticeCard>
      )}
      {screen === 'declined' && (
        <NoticeCard title={`You declined to sign ${title}.`}>
          <Text>We told {view.sender.name}, with your reason.</Text>
        </NoticeCard>
      )}
      {screen === 'voided' && <NoticeCard title={SIGNING_VOIDED} />}
      {screen === 'closed' && <NoticeCard title={SIGNING_DECLINED} />}
      {screen === 'consent' && (
        <ConsentScreen
          view={view}
          onAgree={async () => {
            await agreeToSign(token);
            setView({ ...view, signer: { ...view.signer, consented: true } });
          }}
          onDecline={() => setDeclining(true)}
        />
      )}
      {screen === 'document' && (
        <SigningDocument token={token} view={view} onSigned={setView} onDecline={() => setDeclining(true)} />
      )}
      {declining && (
        <Suspense fallback={null}>
          <DeclineModal sender={view.sender.name} onClose={() => setDeclining(false)} onDecline={decline} />
        </Suspense>
      )}
    </SigningFrame>
  );
}
