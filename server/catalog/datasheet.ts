// The product data sheet as a small, valid PDF (one A4 page, Helvetica, WinAnsi text), written
// without a PDF library: a handful of objects and a cross-reference table.

const WIN_ANSI_EXTRA: Record<string, number> = { '€': 0x80, '…': 0x85, '–': 0x96, '—': 0x97 }

/** A PDF string literal in WinAnsi bytes: (text) with \, ( and ) escaped. */
function pdfString(text: string): string {
  let out = ''
  for (const ch of text) {
    const code = WIN_ANSI_EXTRA[ch] ?? ch.charCodeAt(0)
    const byte = code <= 0xff ? code : 0x3f // '?'
    const char = String.fromCharCode(byte)
    out += char === '\\' || char === '(' || char === ')' ? `\\${char}` : char
  }
  return `(${out})`
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line)
      line = word
    } else {
      line = line ? `${line} ${word}` : word
    }
  }
  if (line) lines.push(line)
  return lines
}

export type DataSheet = {
  title: string
  subtitle: string
  rows: { label: string; value: string }[]
  footer: string
}

export function dataSheetPdf(sheet: DataSheet): Uint8Array {
  const ops: string[] = []
  let y = 790
  const text = (font: 'F1' | 'F2', size: number, x: number, value: string) => {
    ops.push(`BT /${font} ${size} Tf ${x} ${y} Td ${pdfString(value)} Tj ET`)
  }
  text('F1', 20, 50, 'Produktdatenblatt')
  y -= 30
  for (const line of wrap(sheet.title, 60)) {
    text('F1', 13, 50, line)
    y -= 18
  }
  text('F2', 10, 50, sheet.subtitle)
  y -= 14
  ops.push(`0.8 G 50 ${y} m 545 ${y} l S`)
  y -= 22
  for (const row of sheet.rows) {
    if (y < 80) break
    const lines = wrap(row.value, 58)
    text('F1', 10, 50, row.label)
    for (const line of lines) {
      text('F2', 10, 230, line)
      y -= 14
    }
    y -= 4
  }
  y = 50
  text('F2', 8, 50, sheet.footer)
  const content = ops.join('\n')

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfString(`Produktdatenblatt ${sheet.title}`)} /Producer (Bitwerk) >>`,
  ]
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'))
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(pdf, 'latin1')
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new Uint8Array(Buffer.from(pdf, 'latin1'))
}
