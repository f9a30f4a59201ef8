import PizZip from 'pizzip';

/**
 * Office documents that make a converter fetch `base`/…: an image linked by URL (not embedded) in a
 * DOCX, the same in an ODT, and an RTF picture field. Each names its own path, so a test can tell which
 * one reached out.
 */
export function linkedDocuments(base: string) {
  return {
    docx: linkedDocx(`${base}/docx-image.png`),
    odt: linkedOdt(`${base}/odt-image.png`),
    rtf: linkedRtf(`${base}/rtf-image.png`),
  };
}

function linkedDocx(imageUrl: string) {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdImg" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${imageUrl}" TargetMode="External"/></Relationships>`,
  );
  const picture =
    '<pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="linked.png"/><pic:cNvPicPr/></pic:nvPicPr>' +
    '<pic:blipFill><a:blip r:link="rIdImg"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>' +
    '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>';
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
      '<w:body><w:p><w:r><w:t>A linked image:</w:t></w:r></w:p><w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1"/>' +
      `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">${picture}</a:graphicData></a:graphic>` +
      '</wp:inline></w:drawing></w:r></w:p></w:body></w:document>',
  );
  return zip.generate({ type: 'uint8array' });
}

function linkedOdt(imageUrl: string) {
  const zip = new PizZip();
  zip.file('mimetype', 'application/vnd.oasis.opendocument.text');
  zip.file(
    'META-INF/manifest.xml',
    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>',
  );
  zip.file(
    'content.xml',
    '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.2">' +
      '<office:body><office:text><text:p>A linked image:</text:p><text:p>' +
      `<draw:frame draw:name="linked" text:anchor-type="as-char" svg:width="2cm" svg:height="2cm"><draw:image xlink:href="${imageUrl}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame>` +
      '</text:p></office:text></office:body></office:document-content>',
  );
  // The mimetype entry must come first and stored, as ODF requires.
  return zip.generate({ type: 'uint8array', compression: 'STORE' });
}

function linkedRtf(imageUrl: string) {
  return Buffer.from(
    `{\\rtf1\\ansi A linked image:\\par {\\field{\\*\\fldinst INCLUDEPICTURE "${imageUrl}" \\\\d}{\\fldrslt }}\\par}`,
  );
}
