import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { Controller, type Resolver, type ResolverResult, useForm, useWatch } from 'react-hook-form'
import { type LoginResult, TwoFaBodySchema } from '#contract/account.ts'
import { Button } from '#web/components/ui/index.ts'
import { t } from '#web/lib/messages.ts'
import { useResendTwoFaCode, useSubmitTwoFaCode } from '../api.ts'
import { failedResponse } from './responses.ts'
import { CODE_LENGTH, isCompleteCode, TwoFaCodeInput } from './two-fa-code-input.tsx'

type Notice = { kind: 'error' | 'info'; text: string } | null

type CodeValues = { digits: string[] }

const EMPTY_CODE = (): CodeValues => ({ digits: Array(CODE_LENGTH).fill('') })

/** The six boxes checked as the contract's body: `{ code }` of six digits. */
const codeResolver: Resolver<CodeValues> = async (
  values,
  context,
  options,
): Promise<ResolverResult<CodeValues>> => {
  const result = await zodResolver(TwoFaBodySchema)(
    { code: values.digits.join('') },
    context,
    options as never,
  )
  const error = result.errors.code
  if (!error) return { values, errors: {} }
  return { values: {}, errors: { digits: { type: 'validate', message: error.message ?? '' } } }
}

/** The code step: six boxes, "Senden" once all hold digits, resend with its notice, help tip. */
export function TwoFaStep({
  onLoggedIn,
  onBack,
}: {
  onLoggedIn: (result: LoginResult) => void | Promise<void>
  onBack: () => void
}) {
  const headingId = useId()
  const { control, handleSubmit, reset } = useForm<CodeValues>({
    resolver: codeResolver,
    defaultValues: EMPTY_CODE(),
  })
  const digits = useWatch({ control, name: 'digits' })
  const [notice, setNotice] = useState<Notice>({ kind: 'info', text: t('two_fa_code_sent') })
  const submit = useSubmitTwoFaCode()
  const resend = useResendTwoFaCode()
  const complete = isCompleteCode(digits)

  const send = handleSubmit((values) => {
    setNotice(null)
    submit.mutate(
      { body: { code: values.digits.join('') } },
      {
        onSuccess: (response) => void onLoggedIn(response.body),
        onError: (error) => {
          const response = failedResponse(error)
          reset(EMPTY_CODE())
          setNotice({
            kind: 'error',
            text: t(response?.status === 422 ? 'two_fa_code_invalid' : 'general_error'),
          })
        },
      },
    )
  })

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
    <form method="post" className="account-form two-fa" onSubmit={send} noValidate>
      <h2 id={headingId} className="two-fa__title">
        Bestätigungscode eingeben
      </h2>
      <p className="two-fa__intro">
        Du meldest dich in einem Browser an, den wir noch nicht kennen. Gib den 6-stelligen Code aus
        unserer E-Mail ein.
      </p>
      <Controller
        control={control}
        name="digits"
        render={({ field }) => (
          <TwoFaCodeInput
            digits={field.value}
            onChange={field.onChange}
            labelledBy={headingId}
            disabled={submit.isPending}
            invalid={notice?.kind === 'error'}
          />
        )}
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
