import { useId, useState } from 'react'
import type { LoginResult } from '#contract/account.ts'
import { Button } from '#web/components/ui/index.ts'
import { t } from '#web/lib/messages.ts'
import { useResendTwoFaCode, useSubmitTwoFaCode } from '../api.ts'
import { failedResponse } from './responses.ts'
import { CODE_LENGTH, isCompleteCode, TwoFaCodeInput } from './two-fa-code-input.tsx'

type Notice = { kind: 'error' | 'info'; text: string } | null

/** The code step: six boxes, "Senden" once all hold digits, resend with its notice, help tip. */
export function TwoFaStep({
  onLoggedIn,
  onBack,
}: {
  onLoggedIn: (result: LoginResult) => void | Promise<void>
  onBack: () => void
}) {
  const headingId = useId()
  const [digits, setDigits] = useState<string[]>(Array(CODE_LENGTH).fill(''))
  const [notice, setNotice] = useState<Notice>({ kind: 'info', text: t('two_fa_code_sent') })
  const submit = useSubmitTwoFaCode()
  const resend = useResendTwoFaCode()
  const complete = isCompleteCode(digits)

  const send = () => {
    if (!complete) return
    setNotice(null)
    submit.mutate(
      { body: { code: digits.join('') } },
      {
        onSuccess: (response) => void onLoggedIn(response.body),
        onError: (error) => {
          const response = failedResponse(error)
          setDigits(Array(CODE_LENGTH).fill(''))
          setNotice({
            kind: 'error',
            text: t(response?.status === 422 ? 'two_fa_code_invalid' : 'general_error'),
          })
        },
      },
    )
  }

  const sendAgain = () => {
    setNotice(null)
    resend.mutate(undefined, {
      onSuccess: (response) =>
        setNotice(
          response.status === 200
            ? { kind: 'info', text: t('two_fa_code_resent') }
            : { kind: 'error', text: t('two_fa_resend_failed') },
        ),
      onError: () => setNotice({ kind: 'error', text: t('two_fa_resend_failed') }),
    })
  }

  return (
    <form
      className="account-form two-fa"
      onSubmit={(event) => {
        event.preventDefault()
        send()
      }}
      noValidate
    >
      <h2 id={headingId} className="two-fa__title">
        Bestätigungscode eingeben
      </h2>
      <p className="two-fa__intro">
        Du meldest dich in einem Browser an, den wir noch nicht kennen. Gib den 6-stelligen Code aus
        unserer E-Mail ein.
      </p>
      <TwoFaCodeInput
        digits={digits}
        onChange={setDigits}
        labelledBy={headingId}
        disabled={submit.isPending}
        invalid={notice?.kind === 'error'}
      />
      {notice && (
        <p
          className={notice.kind === 'error' ? 'form-error' : 'form-notice'}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
      <Button type="submit" block size="lg" disabled={!complete} pending={submit.isPending}>
        Senden
      </Button>
      <div className="two-fa__actions">
        <Button variant="link" onClick={sendAgain} pending={resend.isPending}>
          Code erneut senden
        </Button>
        <Button variant="link" onClick={onBack}>
          Zurück zur Anmeldung
        </Button>
      </div>
      <details className="two-fa__help">
        <summary>Keinen Code bekommen?</summary>
        <p>
          Die E-Mail kann ein paar Minuten brauchen. Schau bitte auch in deinem Spam-Ordner nach.
          Der Code ist 10 Minuten gültig; danach kannst du einen neuen anfordern. Nach dieser
          Bestätigung erkennen wir deinen Browser wieder.
        </p>
      </details>
      <p className="visually-hidden" aria-live="polite">
        {submit.isPending ? 'Code wird geprüft …' : ''}
      </p>
    </form>
  )
}
