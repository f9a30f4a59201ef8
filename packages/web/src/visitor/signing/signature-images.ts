/** The pen's colour: a blue-black, like ink. */
export const INK = '#1b2a59';

/**
 * Fonts that look handwritten where the device has one, else an italic serif (the generic `cursive` is
 * Comic Sans on Windows and a sans-serif on many Linux systems). No web font is downloaded.
 */
export const SCRIPT_FONTS =
  '"Snell Roundhand", "Segoe Script", "Apple Chancery", "Brush Script MT", "URW Chancery L", Z003, Georgia, "Times New Roman", serif';

/** The contract's limit for an image as a data URL (pngDataUrl: about 1 MB of PNG). */
const MAX_DATA_URL = 1_400_000;

export const UPLOAD_MAX_BYTES = 1_000_000;
export const UPLOAD_TYPES = 'image/png,image/jpeg';
export const UPLOAD_INVALID = 'Choose a PNG or JPEG image of at most 1 MB.';

function context(canvas: HTMLCanvasElement) {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw images.');
  return ctx;
}

/** The canvas as a PNG cut to its ink (what is not transparent) plus a margin, so it fills a field. */
export function trimmedPng(canvas: HTMLCanvasElement, margin = 8): string {
  const { width, height } = canvas;
  const { data } = context(canvas).getImageData(0, 0, width, height);
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3] === 0) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  if (right < 0) return canvas.toDataURL('image/png');
  [left, top] = [Math.max(0, left - margin), Math.max(0, top - margin)];
  [right, bottom] = [Math.min(width - 1, right + margin), Math.min(height - 1, bottom + margin)];
  const out = document.createElement('canvas');
  out.width = right - left + 1;
  out.height = bottom - top + 1;
  context(out).drawImage(canvas, left, top, out.width, out.height, 0, 0, out.width, out.height);
  return out.toDataURL('image/png');
}

/** A typed name drawn in the script font, as a PNG. */
export function typedPng(text: string, fontSize = 96): string {
  const canvas = document.createElement('canvas');
  const font = `italic ${fontSize}px ${SCRIPT_FONTS}`;
  const ctx = context(canvas);
  ctx.font = font;
  canvas.width = Math.ceil(ctx.measureText(text).width + fontSize);
  canvas.height = Math.ceil(fontSize * 1.6);
  // Resizing a canvas resets its state.
  ctx.font = font;
  ctx.fillStyle = INK;
  ctx.textBaseline = 'middle';
  ctx.fillText(text, fontSize / 2, canvas.height / 2);
  return trimmedPng(canvas);
}

/** An uploaded PNG or JPEG, scaled to fit a signature's size, as a PNG within the contract's limit. */
export async function uploadedPng(file: File): Promise<string> {
  if (!UPLOAD_TYPES.split(',').includes(file.type) || file.size > UPLOAD_MAX_BYTES) {
    throw new Error(UPLOAD_INVALID);
  }
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new Error(UPLOAD_INVALID);
  });
  const canvas = document.createElement('canvas');
  let scale = Math.min(1, 900 / bitmap.width, 300 / bitmap.height);
  for (;;) {
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    context(canvas).drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const url = canvas.toDataURL('image/png');
    if (url.length <= MAX_DATA_URL) {
      bitmap.close();
      return url;
    }
    scale *= 0.7;
  }
}
