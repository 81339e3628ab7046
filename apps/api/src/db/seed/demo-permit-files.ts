// Small but valid files for the demo permits: a one-page PDF, a PNG and a CSV, made in code so that the
// demo carries no binaries. Each passes the same content checks an upload does.

/** A one-page PDF showing a few lines of text, with a correct cross-reference table. */
export function demoPdf(title: string, lines: string[]): Buffer {
  const pdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = [title, ...lines]
    .map(
      (line, index) =>
        `BT /F1 ${index === 0 ? 16 : 11} Tf 56 ${760 - index * 22} Td (${pdfText(line)}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 1×1 PNG: enough for a photo's place in the file list and its download. */
export function demoPng(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
}

/** A CSV of the permit's poles, as attachers send pole lists. */
export function demoPoleCsv(poleIds: string[], street: string): Buffer {
  const rows = poleIds.map((id, index) => `${id},${street},${index === 0 ? 'anchor' : 'tangent'}`);
  return Buffer.from(`pole_id,street,position\n${rows.join('\n')}\n`, 'utf8');
}
