// German mails as plain text plus a simple HTML version of the same content.
export type MailContent = {
  subject: string
  /** Salutation line, e.g. "Hallo Max,". */
  greeting?: string
  /** Paragraphs of plain text. */
  paragraphs: string[]
  /** A call to action: rendered as a button in HTML and as a bare link in text. */
  action?: { label: string; url: string }
  /** Paragraphs after the action. */
  footer?: string[]
}

const SIGNATURE = ['Viele Grüße', 'dein Bitwerk-Team']
const LEGAL =
  'Bitwerk GmbH · Musterstraße 1 · 10115 Berlin · Geschäftsführerin: Erika Mustermann · Amtsgericht Berlin (Charlottenburg) HRB 123456 B · USt-IdNr. DE123456789'

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

export function renderMail(mail: MailContent): { text: string; html: string } {
  const blocks = [
    ...(mail.greeting ? [mail.greeting] : []),
    ...mail.paragraphs,
    ...(mail.action ? [`${mail.action.label}:\n${mail.action.url}`] : []),
    ...(mail.footer ?? []),
    SIGNATURE.join('\n'),
    `--\n${LEGAL}`,
  ]
  const text = blocks.join('\n\n')
  const p = (value: string) =>
    `<p style="margin:0 0 16px">${escapeHtml(value).replaceAll('\n', '<br>')}</p>`
  const html = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111827;background:#f3f4f6;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;padding:24px;border-radius:8px">
<p style="font-size:20px;font-weight:bold;color:#0b1f33;margin:0 0 24px">Bitwerk</p>
${mail.greeting ? p(mail.greeting) : ''}
${mail.paragraphs.map(p).join('\n')}
${mail.action ? `<p style="margin:24px 0"><a href="${escapeHtml(mail.action.url)}" style="background:#c2410c;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(mail.action.label)}</a></p><p style="font-size:12px;color:#4b5563">${escapeHtml(mail.action.url)}</p>` : ''}
${(mail.footer ?? []).map(p).join('\n')}
${p(SIGNATURE.join('\n'))}
<p style="font-size:12px;color:#4b5563;margin-top:32px">${escapeHtml(LEGAL)}</p>
</div></body></html>`
  return { text, html }
}
