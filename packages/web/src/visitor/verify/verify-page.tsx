import type { VerifyResult } from '@charter/domain';
import { Alert, Button, Code, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileUpload } from '@tabler/icons-react';
import { type DragEvent, useRef, useState } from 'react';
import { SigningFrame } from '../signing/signing-frame.tsx';
import { VERIFY_MAX_BYTES, VERIFY_NOT_PDF, VERIFY_TOO_LARGE, verifyPdf } from './verify-api.ts';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'not recorded');

/** What the check found, in words and with the seal's details. */
function Verdict({ result }: { result: VerifyResult }) {
  const good = result.unchanged;
  return (
    <Alert
      color={good ? 'green' : result.sealed_here ? 'yellow' : 'red'}
      icon={good ? <IconCircleCheck aria-hidden /> : <IconAlertTriangle aria-hidden />}
      title={good ? 'Verified' : 'Not verified'}
      role="status"
    >
      <Stack gap="xs" style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm">{result.message}</Text>
        {result.document && (
          <>
            <Text size="sm" fw={600}>
              {result.document.title}
            </Text>
            <Text size="sm">Sealed {when(result.sealed_at)}. Signed by:</Text>
            <List size="sm">
              {result.document.signers.map((signer) => (
                <List.Item key={signer.email}>
                  {signer.name} ({signer.email}), {when(signer.signed_at)}
                </List.Item>
              ))}
            </List>
          </>
        )}
        {result.certificate_fingerprint && (
          <Text size="xs">
            Seal certificate (SHA-256):{' '}
            <Code style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
              {result.certificate_fingerprint}
            </Code>
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * The public verify page (/verify): drop a PDF and learn whether this installation sealed it and whether
 * its bytes are unchanged. It tells a document's title and signers only to whoever holds its exact bytes.
 */
export function VerifyPage() {
  const input = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<VerifyResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const check = async (file: File | undefined) => {
    if (!file) return;
    setResult(null);
    setError(null);
    if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf'))
      return setError(VERIFY_NOT_PDF);
    if (file.size > VERIFY_MAX_BYTES) return setError(VERIFY_TOO_LARGE);
    setChecking(true);
    try {
      setResult(await verifyPdf(file));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setChecking(false);
    }
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    void check(event.dataTransfer.files[0]);
  };

  return (
    <SigningFrame>
      <Stack gap="md" maw={640} mx="auto" p="md" w="100%">
        <Title order={1} size="h2">
          Verify a signed document
        </Title>
        <Text size="sm">
          Check a PDF signed here: whether this installation sealed it and whether it has changed since. The
          file is checked and not kept.
        </Text>
        <Paper
          withBorder
          p="xl"
          onDragOver={(event) => event.preventDefault()}
          onDrop={drop}
          style={{ borderStyle: 'dashed', textAlign: 'center' }}
        >
          <Stack align="center" gap="sm">
            <IconFileUpload size={36} aria-hidden />
            <Text size="sm">Drop a PDF here, or</Text>
            <Button loading={checking} onClick={() => input.current?.click()}>
              Choose a PDF
            </Button>
            <input
              ref={input}
              type="file"
              accept="application/pdf,.pdf"
              aria-label="PDF to verify"
              hidden
              onChange={(event) => void check(event.currentTarget.files?.[0])}
            />
          </Stack>
        </Paper>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {result && <Verdict result={result} />}
      </Stack>
    </SigningFrame>
  );
}
