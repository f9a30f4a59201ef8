import { type PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString } from 'pdf-lib';

/**
 * /ByteRange as first written: four numbers as wide as any real one (ten digits, files up to 9 GB), so
 * the real values can be written over them in place without moving a byte after saving.
 */
const BYTE_RANGE_PLACEHOLDER = [0, 9_999_999_999, 9_999_999_999, 9_999_999_999];

export type CertificationFields = {
  reason: string;
  name: string;
  location?: string;
  signingTime: Date;
  /** Bytes reserved for the CMS: /Contents is written as twice as many hex zeros. */
  contentsLength: number;
};

/** The placeholders as the saved file spells them, for the sealer to find and overwrite. */
export function placeholdersIn(pdf: PDFDocument, contentsLength: number) {
  return {
    byteRange: pdf.context.obj(BYTE_RANGE_PLACEHOLDER).toString(),
    contents: `<${'0'.repeat(contentsLength * 2)}>`,
  };
}

/**
 * Makes `pdf` carry an empty certification signature, to be saved and then filled in: a signature
 * dictionary (PAdES: /SubFilter /ETSI.CAdES.detached, the claimed time in /M) whose DocMDP reference
 * with /P 1 says no change of any kind is permitted after it; the catalog's /Perms naming it, which is
 * what makes it the document's certification rather than an approval signature; and the field and
 * invisible widget that hold it on the first page, as every viewer's signature panel expects.
 */
export function addCertificationSignature(pdf: PDFDocument, fields: CertificationFields): void {
  const { context, catalog } = pdf;
  const text = (value: string) => PDFHexString.fromText(value);
  const signature = context.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'ETSI.CAdES.detached',
    // Before /Contents, so the writer puts the two in this order and the scanners can rely on it.
    ByteRange: BYTE_RANGE_PLACEHOLDER,
    Contents: PDFHexString.of('0'.repeat(fields.contentsLength * 2)),
    M: PDFString.fromDate(fields.signingTime),
    Name: text(fields.name),
    Reason: text(fields.reason),
    ...(fields.location ? { Location: text(fields.location) } : {}),
    Reference: [
      {
        Type: 'SigRef',
        TransformMethod: 'DocMDP',
        TransformParams: { Type: 'TransformParams', P: 1, V: '1.2' },
      },
    ],
  });
  const signatureRef = context.register(signature);
  const page = pdf.getPage(0);
  // An empty appearance: the seal is invisible, but a widget without one trips strict validators.
  const appearance = context.register(context.formXObject([], { BBox: [0, 0, 0, 0] }));
  const widgetRef = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      T: PDFString.of(`Charter seal ${signatureRef.objectNumber}`),
      // Print (4) + Locked (128): shown when printed, never movable.
      F: 132,
      Rect: [0, 0, 0, 0],
      V: signatureRef,
      P: page.ref,
      AP: { N: appearance },
    }),
  );
  page.node.addAnnot(widgetRef);
  const acroForm = catalog.getOrCreateAcroForm();
  acroForm.addField(widgetRef);
  // SignaturesExist (1) + AppendOnly (2): a viewer must save any later change as an incremental update.
  acroForm.dict.set(PDFName.of('SigFlags'), PDFNumber.of(3));
  catalog.set(PDFName.of('Perms'), context.obj({ DocMDP: signatureRef }));
}
