// /widerruf: the withdrawal function for guests and anyone not logged in (issue 19), linked
// from every page's footer. Order number and e-mail identify the order (one neutral answer when
// either is wrong); then the same two steps as in Bestelldetails. No login needed.
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { type WithdrawalIdentifyBody, WithdrawalIdentifyBodySchema } from '#contract/withdrawal.ts'
import { Button, Field } from '#web/components/ui/index.ts'
import { errorText } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { GuestRefundsSection } from '../components/refunds-section.tsx'
import { GuestReturnsSection } from '../components/returns-section.tsx'
import { WithdrawalPanel } from '../components/withdrawal-panel.tsx'
import { useDeclareGuest, useGuestOptions, useIdentifyOrder } from '../withdrawal-api.ts'

function IdentifyForm({ onIdentified }: { onIdentified: (token: string) => void }) {
  const identify = useIdentifyOrder()
  const { register, handleSubmit, formState } = useForm<WithdrawalIdentifyBody>({
    resolver: zodResolver(WithdrawalIdentifyBodySchema),
    defaultValues: { orderNumber: '', email: '' },
  })
  return (
    <form
      method="post"
      className="withdrawal__form"
      noValidate
      onSubmit={handleSubmit((body) =>
        identify.mutate(body, { onSuccess: ({ token }) => onIdentified(token) }),
      )}
    >
      <Field
        label="Bestellnummer"
        hint="Du findest sie in deiner Bestellbestätigung, z. B. B4000123."
        autoComplete="off"
        {...register('orderNumber')}
        error={formState.errors.orderNumber?.message}
      />
      <Field
        label="E-Mail-Adresse der Bestellung"
        type="email"
        autoComplete="email"
        {...register('email')}
        error={formState.errors.email?.message}
      />
      {identify.isError && (
        <p className="form-error" role="alert">
          {errorText(identify.error)}
        </p>
      )}
      <Button type="submit" pending={identify.isPending}>
        Bestellung finden
      </Button>
    </form>
  )
}

function GuestWithdrawal({ token, onRestart }: { token: string; onRestart: () => void }) {
  const options = useGuestOptions(token)
  const declare = useDeclareGuest(token)
  if (options.isPending) return <p role="status">Bestellung wird geladen …</p>
  if (options.isError) {
    return (
      <div>
        <p className="form-error" role="alert">
          {errorText(options.error)}
        </p>
        <Button variant="secondary" onClick={onRestart}>
          Erneut suchen
        </Button>
      </div>
    )
  }
  return (
    <>
      <h2 className="account-panel__title">Bestellung {options.data.orderNumber}</h2>
      <WithdrawalPanel options={options.data} declare={declare} startOpen />
      <GuestReturnsSection token={token} />
      <GuestRefundsSection token={token} />
    </>
  )
}

export function WithdrawalPage() {
  const [token, setToken] = useState<string | null>(null)
  return (
    <div className="container withdrawal-page">
      <PageMeta
        title="Vertrag widerrufen"
        description="Widerrufe deinen Kaufvertrag bei Bitwerk online: Bestellnummer und E-Mail-Adresse eingeben, Artikel wählen, Widerruf bestätigen. Ohne Anmeldung."
        canonicalPath={paths.withdrawal}
      />
      <h1>Vertrag widerrufen</h1>
      <p className="withdrawal-page__lead">
        Hier kannst du den Vertrag über deine Bestellung innerhalb der Widerrufsfrist von 14 Tagen
        ab Erhalt der Ware widerrufen, ohne Anmeldung und ohne Angabe von Gründen. Du bekommst
        sofort eine Eingangsbestätigung per E-Mail.
      </p>
      <section className="account-panel" aria-label="Widerruf">
        {token ? (
          <GuestWithdrawal token={token} onRestart={() => setToken(null)} />
        ) : (
          <IdentifyForm onIdentified={setToken} />
        )}
      </section>
    </div>
  )
}
