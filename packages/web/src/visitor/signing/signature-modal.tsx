import { Box, Button, FileInput, Group, Image, Modal, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { type RefObject, useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import {
  INK,
  SCRIPT_FONTS,
  trimmedPng,
  typedPng,
  UPLOAD_INVALID,
  UPLOAD_TYPES,
  uploadedPng,
} from './signature-images.ts';
import classes from './signing.module.css';
import { type AdoptedImage, type ImageKind, initialsOf } from './signing-fields.ts';

export const ADOPT_AND_SIGN = 'Adopt and sign';

type Method = AdoptedImage['how'];

type Props = {
  kind: ImageKind;
  /** The signer's name: what the Type tab starts with (its initials, for initials). */
  name: string;
  onAdopt: (image: AdoptedImage) => void;
  onClose: () => void;
};

/** "Adopt your signature": draw it, type it or upload an image of it; loaded when first needed. */
export default function SignatureModal({ kind, name, onAdopt, onClose }: Props) {
  const isInitials = kind === 'initials';
  const what = isInitials ? 'initials' : 'signature';
  const [method, setMethod] = useState<Method>('draw');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [inked, setInked] = useState(false);
  const [typed, setTyped] = useState(isInitials ? initialsOf(name) : name);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const ready = { draw: inked, type: typed.trim() !== '', upload: uploaded !== null }[method];

  const adopt = () => {
    if (method === 'draw' && canvasRef.current) {
      onAdopt({ how: 'draw', image: trimmedPng(canvasRef.current) });
    } else if (method === 'type') {
      onAdopt({ how: 'type', image: typedPng(typed.trim()), text: typed.trim() });
    } else if (uploaded) {
      onAdopt({ how: 'upload', image: uploaded });
    }
  };

  const upload = (file: File | null) => {
    setUploaded(null);
    setUploadError(null);
    if (!file) return;
    uploadedPng(file).then(setUploaded, (error: unknown) =>
      setUploadError(error instanceof Error ? error.message : UPLOAD_INVALID),
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Adopt your ${what}`} size="lg">
      <Stack gap="md">
        <Tabs value={method} onChange={(value) => value && setMethod(value as Method)}>
          <Tabs.List grow>
            <Tabs.Tab value="draw">Draw</Tabs.Tab>
            <Tabs.Tab value="type">Type</Tabs.Tab>
            <Tabs.Tab value="upload">Upload</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="draw" pt="md">
            <Stack gap="xs">
              <DrawPad
                canvasRef={canvasRef}
                padRef={padRef}
                height={isInitials ? 140 : 180}
                label={`Draw your ${what} here with a mouse, a finger or a pen`}
                onInk={setInked}
              />
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  Draw your {what} in the box.
                </Text>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => {
                    padRef.current?.clear();
                    setInked(false);
                  }}
                >
                  Clear
                </Button>
              </Group>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="type" pt="md">
            <Stack gap="sm">
              <TextInput
                label={isInitials ? 'Your initials' : 'Your name'}
                value={typed}
                maxLength={isInitials ? 10 : 200}
                onChange={(event) => setTyped(event.currentTarget.value)}
              />
              <Box
                className={classes.typed}
                aria-hidden
                bd="1px solid var(--mantine-color-gray-4)"
                bdrs="md"
                px="md"
                py="xs"
                style={{ fontFamily: SCRIPT_FONTS, fontSize: 44, color: INK }}
              >
                {typed.trim() || '\u00a0'}
              </Box>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="upload" pt="md">
            <Stack gap="sm">
              <FileInput
                label={`An image of your ${what}`}
                description="PNG or JPEG, at most 1 MB"
                placeholder="Choose an image"
                accept={UPLOAD_TYPES}
                clearable
                error={uploadError}
                onChange={upload}
              />
              {uploaded && <Image src={uploaded} alt={`Your ${what} as uploaded`} mah={140} fit="contain" />}
            </Stack>
          </Tabs.Panel>
        </Tabs>
        <Text size="xs" c="dimmed">
          By choosing {ADOPT_AND_SIGN}, I agree that this {what} is the electronic representation of my {what}{' '}
          on this document, as binding as if I signed it on paper.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={adopt} disabled={!ready}>
            {ADOPT_AND_SIGN}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type DrawPadProps = {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  padRef: RefObject<SignaturePad | null>;
  height: number;
  label: string;
  onInk: (inked: boolean) => void;
};

/** A canvas to draw on with pointer events (mouse, touch, pen), kept sharp at the screen's pixel ratio. */
function DrawPad({ canvasRef, padRef, height, label, onInk }: DrawPadProps) {
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: INK, minWidth: 0.8, maxWidth: 2.8 });
    padRef.current = pad;
    const endStroke = () => onInk(!pad.isEmpty());
    pad.addEventListener('endStroke', endStroke);
    // The canvas is drawn at its size in device pixels; a resize keeps what was drawn.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = Math.round(canvas.offsetWidth * ratio);
      if (width === 0 || width === canvas.width) return;
      const strokes = pad.toData();
      canvas.width = width;
      canvas.height = Math.round(canvas.offsetHeight * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(strokes);
    };
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    fit();
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', endStroke);
      pad.off();
      padRef.current = null;
    };
  }, [canvasRef, padRef, onInk]);
  return <canvas ref={canvasRef} className={classes.pad} style={{ height }} aria-label={label} />;
}
