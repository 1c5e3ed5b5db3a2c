// The dev mailbox page: every mail of the outbox with its links, so 2FA codes, reset links and
// confirmations can be followed locally. Exists only while config.devMailbox is true.
import type { RequestHandler } from 'express'
import { listMails } from '#server/platform/mail/outbox.ts'

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

export const mailboxPage: RequestHandler = async (req, res, next) => {
  if (!req.ctx.config.devMailbox) return next()
  try {
    const mails = await listMails(req.ctx.db, { limit: 200 })
    const items = mails
      .map(
        (mail) => `<article class="mail">
  <header><strong>${escapeHtml(mail.subject)}</strong><span>an ${escapeHtml(mail.to)} · ${mail.createdAt.toLocaleString('de-DE', { timeZone: 'Europe/Berlin' })} · ${escapeHtml(mail.kind)}</span></header>
  <pre>${escapeHtml(mail.text)}</pre>
  ${mail.attachments.length ? `<p>Anhänge: ${mail.attachments.map((name) => escapeHtml(name)).join(', ')}</p>` : ''}
  ${mail.links.length ? `<ul>${mail.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>` : ''}
</article>`,
      )
      .join('\n')
    res.setHeader('Cache-Control', 'no-store')
    res
      .type('html')
      .send(`<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Dev-Postfach</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111827}
.mail{border:1px solid #d1d5db;border-radius:8px;padding:1rem;margin:1rem 0}.mail header{display:flex;flex-direction:column;gap:.25rem}
.mail header span{color:#4b5563;font-size:.875rem}pre{white-space:pre-wrap;font-family:inherit;background:#f9fafb;padding:.75rem;border-radius:6px}</style>
</head><body><h1>Dev-Postfach</h1><p>Alle Mails des Shops (neueste zuerst). Dieses Postfach gibt es nur ohne SMTP_URL und außerhalb des Produktionsmodus. Als JSON: <a href="/api/dev/mails">/api/dev/mails</a></p>
${items || '<p>Noch keine Mails.</p>'}</body></html>`)
  } catch (error) {
    next(error)
  }
}
