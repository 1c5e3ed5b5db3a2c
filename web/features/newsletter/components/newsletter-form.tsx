import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import {
  NEWSLETTER_TYPES,
  type NewsletterType,
  newsletterConsentText,
  SubscribeBodySchema,
} from '#contract/newsletter.ts'
import { Button, ERROR_DELAY_MS, Field, useDelayedValue } from '#web/components/ui/index.ts'
import { ContentModalLink } from '#web/features/ads/index.ts'
import { errorText, t } from '#web/lib/messages.ts'
import { answerMessage, useSubscribeNewsletter } from '../api.ts'
import { markFormSubmitted, spamBlockedMinutes } from '../spam-protection.ts'

type NewsletterFormProps = {
  /** The newsletter page or the checkout's box: each has its own spam protection. */
  formType?: 'newsletter' | 'checkout_newsletter'
  defaultType?: NewsletterType
}

/** Sign-up with e-mail and type, age 16 confirmation and double opt-in (storefront 2, 5, 8). */
export function NewsletterForm({
  formType = 'newsletter',
  defaultType = 'offers',
}: NewsletterFormProps) {
  const typeLegendId = useId()
  const ageId = useId()
  const subscribe = useSubscribeNewsletter()
  const [blockedMinutes, setBlockedMinutes] = useState(0)
  const [done, setDone] = useState<string | null>(null)
  const { register, handleSubmit, control, formState } = useForm({
    resolver: zodResolver(SubscribeBodySchema),
    defaultValues: { email: '', type: defaultType, ageConfirmed: false, formType },
  })
  const type = useWatch({ control, name: 'type' }) as NewsletterType
  const ageError = useDelayedValue(formState.errors.ageConfirmed?.message, ERROR_DELAY_MS)

  const onSubmit = handleSubmit((values) => {
    const minutes = spamBlockedMinutes(formType)
    setBlockedMinutes(minutes)
    if (minutes > 0) return
    subscribe.mutate(
      { body: { ...values, formType } },
      {
        onSuccess: (response) => {
          markFormSubmitted(formType)
          setDone(response.body.message)
        },
      },
    )
  })

  if (done) {
    return (
      <div className="newsletter-done" role="status">
        <p className="newsletter-done__title">Fast geschafft!</p>
        <p>{done}</p>
      </div>
    )
  }

  return (
    <form method="post" className="newsletter-form" onSubmit={onSubmit} noValidate>
      <Field
        label="E-Mail-Adresse"
        type="email"
        autoComplete="email"
        {...register('email')}
        error={formState.errors.email?.message}
      />
      <fieldset className="newsletter-form__types" aria-describedby={typeLegendId}>
        <legend className="field__label">Welcher Newsletter?</legend>
        <p id={typeLegendId} className="field__hint">
          Du kannst dich für jeden Newsletter einzeln anmelden.
        </p>
        {NEWSLETTER_TYPES.map((option) => (
          <label key={option.value} className="choice">
            <input type="radio" value={option.value} {...register('type')} />
            <span>
              <span className="choice__label">{option.label}</span>
              <span className="choice__hint">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <label className="choice choice--check" htmlFor={ageId}>
        <input
          id={ageId}
          type="checkbox"
          {...register('ageConfirmed')}
          aria-invalid={ageError ? true : undefined}
          aria-describedby={ageError ? `${ageId}-error` : undefined}
        />
        <span className="choice__label choice__label--normal">{newsletterConsentText(type)}</span>
      </label>
      {ageError && (
        <p id={`${ageId}-error`} className="field__error newsletter-form__error" role="alert">
          {t(ageError)}
        </p>
      )}
      <p className="newsletter-form__privacy">
        Wir schicken dir zuerst eine E-Mail mit einem Bestätigungslink (Double-Opt-in).{' '}
        <ContentModalLink contentId="modal_newsletter_privacy">
          Datenschutzhinweis zum Newsletter
        </ContentModalLink>
      </p>
      {blockedMinutes > 0 && (
        <p className="feedback feedback--error" role="alert">
          {t('spam_protection', { minutes: blockedMinutes })}
        </p>
      )}
      {subscribe.isError && (
        <p className="feedback feedback--error" role="alert">
          {answerMessage(subscribe.error) ?? errorText(subscribe.error)}
        </p>
      )}
      <Button type="submit" pending={subscribe.isPending}>
        Jetzt anmelden
      </Button>
    </form>
  )
}
