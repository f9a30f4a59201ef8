import type { SignerView } from '@charter/domain';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useRef, useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { DocumentPages } from './document-pages.tsx';
import { signDocument } from './signing-api.ts';
import { SigningBar } from './signing-bar.tsx';
import {
  type AdoptedImage,
  type ImageKind,
  initialFills,
  isImageKind,
  nextField,
  progress,
  type SignerField,
  signBody,
} from './signing-fields.ts';
import { GUTTER, PAGE_MAX_WIDTH } from './signing-frame.tsx';

// The pad and its tabs load when the signer first opens them, not with the page.
const SignatureModal = lazy(() => import('./signature-modal.tsx'));

export const SIGN_FAILED = 'Sorry, your signature could not be sent. Please try again.';

type Props = {
  token: string;
  view: SignerView;
  /** The server's new view after signing. */
  onSigned: (view: SignerView) => void;
  onDecline: () => void;
};

/** The whole document with the signer's fields to fill, and (when it is their turn) the bar to finish. */
export function SigningDocument({ token, view, onSigned, onDecline }: Props) {
  const editable = view.signer.can_sign;
  const [fills, setFills] = useState(() => initialFills(view));
  const [adopting, setAdopting] = useState<ImageKind | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The field the signer was last on: "Next field" goes on from there.
  const visited = useRef<number | null>(null);
  const { done, total } = progress(view.fields, fills);

  const goToNext = () => {
    const field = nextField(view.fields, fills, visited.current);
    if (!field) return;
    const element = document.querySelector<HTMLElement>(`[data-field-id="${field.id}"]`);
    element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    element?.focus({ preventScroll: true });
  };

  const change = (field: SignerField, value: string) =>
    setFills((current) => ({ ...current, values: { ...current.values, [field.id]: value } }));

  const adopt = (kind: ImageKind, image: AdoptedImage) => {
    setFills((current) => ({ ...current, [kind]: image }));
    setAdopting(null);
  };

  const finish = async () => {
    setFailure(null);
    setSending(true);
    try {
      onSigned(await signDocument(token, signBody(view.fields, fills)));
    } catch (error) {
      setFailure(errorMessage(error, SIGN_FAILED));
      setSending(false);
    }
  };

  return (
    <>
      <Stack maw={PAGE_MAX_WIDTH} w="100%" mx="auto" px={GUTTER} py="md" gap="md" flex={1}>
        <div>
          <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {view.document.title}
          </Title>
          <Text size="sm" c="dimmed">
            From {view.sender.name}, {view.sender.workspace}
          </Text>
        </div>
        {!editable && view.signer.waiting_message && (
          <Alert color="blue" role="status">
            {view.signer.waiting_message}
          </Alert>
        )}
        <DocumentPages
          token={token}
          pages={view.document.pages}
          fields={view.fields}
          fills={fills}
          editable={editable}
          onAdopt={(field) => isImageKind(field.kind) && setAdopting(field.kind)}
          onChange={change}
          onVisit={(field) => {
            visited.current = field.id;
          }}
        />
      </Stack>
      {editable && (
        <SigningBar
          done={done}
          total={total}
          sending={sending}
          failure={failure}
          onNext={goToNext}
          onFinish={() => void finish()}
          onDecline={onDecline}
          finishLabel={view.signer.role === 'Approver' ? 'Approve' : 'Finish'}
        />
      )}
      {adopting && (
        <Suspense fallback={null}>
          <SignatureModal
            kind={adopting}
            name={view.signer.name}
            onAdopt={(image) => adopt(adopting, image)}
            onClose={() => setAdopting(null)}
          />
        </Suspense>
      )}
    </>
  );
}
