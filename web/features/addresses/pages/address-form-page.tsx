import { useEffect, useMemo, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import type { AddressContext, AddressValues } from '#contract/addresses.ts'
import { PRIMARY_COUNTRY_ID } from '#contract/fields.ts'
import { Button, Modal } from '#web/components/ui/index.ts'
import {
  failedResponse,
  fieldCodes,
  ServiceContact,
  useCustomerData,
} from '#web/features/account/index.ts'
import { errorText, t } from '#web/lib/messages.ts'
import {
  useAddAddress,
  useAddress,
  useAddresses,
  useConvertLightAccount,
  useCountries,
  useUpdateAddress,
} from '../api.ts'
import {
  AddressForm,
  type AddressFormValues,
  addressFormValuesOf,
} from '../components/address-form.tsx'
import { LightKindFields, useLightKindForm } from '../components/light-kind-fields.tsx'
import { addressPaths } from '../paths.ts'

type Mode = 'newBilling' | 'newDelivery' | 'edit'

function Loading({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <Modal open title={title} onClose={onClose}>
      <div className="account-loader" role="status">
        <span className="account-loader__spinner" aria-hidden="true" />
        Adresse wird geladen …
      </div>
    </Modal>
  )
}

/**
 * The address form modal (account-area §2, §4, §5): "Rechnungsadresse vervollständigen" or
 * "Lieferadresse vervollständigen", loading until its data arrived; a light account's billing
 * address converts the account; a locked billing address shows why, with customer service.
 */
function AddressFormModal({ mode }: { mode: Mode }) {
  const navigate = useNavigate()
  const params = useParams()
  const customer = useCustomerData().data?.body
  const list = useAddresses()
  const editId = mode === 'edit' ? Number(params.id) || -1 : null
  const one = useAddress(editId)
  const current = mode === 'edit' ? one.data?.body.address : undefined
  const kind =
    mode === 'edit'
      ? current?.defaultAddress
        ? 'billing'
        : 'delivery'
      : mode === 'newBilling'
        ? 'billing'
        : 'delivery'
  const accountType = list.data?.body.accountType ?? customer?.customerType ?? 'private'
  const rules = list.data?.body.rules
  // The light account's first (billing) address chooses the kind: the box switches the rules and
  // reloads the country options, the form keeps what was typed.
  const converting = Boolean(rules?.isLightAccount) && kind === 'billing'
  const lightKind = useLightKindForm({
    customerType: accountType,
    businessFormId: customer?.businessFormId ?? 0,
    businessType: customer?.businessType ?? null,
  })
  const customerType = converting ? (lightKind.isBusiness ? 'business' : 'private') : accountType
  const countries = useCountries(kind, customerType, { keepPrevious: converting })
  const add = useAddAddress()
  const update = useUpdateAddress()
  const convert = useConvertLightAccount()
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const title =
    kind === 'billing' ? 'Rechnungsadresse vervollständigen' : 'Lieferadresse vervollständigen'
  const close = () => navigate(addressPaths.list)
  const context = useMemo<AddressContext>(
    () => ({ flow: 'account', kind, customerType }),
    [kind, customerType],
  )

  const billing = list.data?.body.address.find((a) => a.defaultAddress)
  // Only before saving: afterwards the refreshed list has the new billing address.
  const saving = add.status !== 'idle' || update.status !== 'idle' || convert.status !== 'idle'
  const wrongPlace =
    !saving &&
    rules !== undefined &&
    ((mode === 'newBilling' && billing !== undefined && !rules.isLightAccount) ||
      (mode === 'newDelivery' && (billing === undefined || rules.isLightAccount)))

  // Edit-mode load failure (unknown or foreign id) goes back to the list (§4).
  useEffect(() => {
    if (mode === 'edit' && one.isError) {
      navigate(addressPaths.list, {
        replace: true,
        state: { feedback: { kind: 'error', text: t('address_load_failed') } },
      })
    }
  }, [mode, one.isError, navigate])
  useEffect(() => {
    if (wrongPlace) navigate(addressPaths.list, { replace: true })
  }, [wrongPlace, navigate])

  const loading =
    !customer || list.isPending || countries.isPending || (mode === 'edit' && !current)
  if (loading || wrongPlace || !rules) {
    if (countries.isError) {
      return (
        <Modal open title={title} onClose={close}>
          <p className="form-error" role="alert">
            {t('general_error')}
          </p>
        </Modal>
      )
    }
    return <Loading title={title} onClose={close} />
  }

  if (kind === 'billing' && mode === 'edit' && rules.billingLock) {
    return (
      <Modal
        open
        title="Rechnungsadresse ändern"
        onClose={close}
        footer={<Button onClick={close}>Verstanden</Button>}
      >
        <p className="form-info">
          {t(
            rules.billingLock === 'campus'
              ? 'address_billing_locked_campus'
              : 'address_billing_locked_business',
          )}
        </p>
        <ServiceContact />
      </Modal>
    )
  }

  const countryList = countries.data ?? []
  if (countryList.length === 0) {
    return (
      <Modal open title={title} onClose={close}>
        <p className="form-error" role="alert">
          {t('general_error')}
        </p>
      </Modal>
    )
  }

  const isBusiness = customerType === 'business'
  const guestBilling = converting ? billing : undefined
  const defaults: Partial<AddressFormValues> = current
    ? addressFormValuesOf(current)
    : guestBilling
      ? addressFormValuesOf(guestBilling)
      : {
          firstName: kind === 'billing' ? customer.firstName : '',
          lastName: kind === 'billing' ? customer.lastName : '',
          company: isBusiness ? (customer.companyName ?? '') : '',
        }
  if (isBusiness && rules.companyLocked) defaults.company = customer.companyName ?? ''
  const lockedCountryId =
    kind === 'delivery'
      ? rules.lockedDeliveryCountryId
      : isBusiness && !rules.isLightAccount
        ? PRIMARY_COUNTRY_ID
        : null

  const onError = (error: unknown, fallback: 'address_save_failed' | 'conversion_failed') => {
    setServerErrors(fieldCodes(error))
    const response = failedResponse(error)
    setFailure(response?.status === 400 ? null : errorText(error, fallback))
  }
  const done = (code: 'address_added' | 'address_changed' | 'converted_to_full') =>
    navigate(addressPaths.list, { state: { feedback: { kind: 'success', text: t(code) } } })

  const onSubmit = async (values: AddressValues) => {
    setFailure(null)
    setServerErrors({})
    if (converting) {
      const chosen = await lightKind.chosenKind()
      if (!chosen) return
      convert.mutate(
        { ...values, ...chosen, id: customer.id },
        {
          onSuccess: () => done('converted_to_full'),
          onError: (e) => onError(e, 'conversion_failed'),
        },
      )
    } else if (current) {
      update.mutate(
        { ...values, addressId: current.id },
        {
          onSuccess: () => done('address_changed'),
          onError: (e) => onError(e, 'address_save_failed'),
        },
      )
    } else {
      add.mutate(
        { ...values, defaultAddress: kind === 'billing' },
        {
          onSuccess: () => done('address_added'),
          onError: (e) => onError(e, 'address_save_failed'),
        },
      )
    }
  }

  return (
    <Modal open title={title} onClose={close} size="lg">
      {converting && (
        <p className="form-info">
          Mit deiner Rechnungsadresse wird aus deinem Gastzugang ein vollständiges Kundenkonto mit
          Kundennummer.
        </p>
      )}
      {converting && <LightKindFields form={lightKind.form} />}
      <AddressForm
        context={context}
        countries={countryList}
        defaultValues={defaults}
        lockedCountryId={lockedCountryId}
        lockedCountryNote={
          kind === 'billing'
            ? 'Das Land deiner Rechnungsadresse kann nur unser Kundenservice ändern.'
            : undefined
        }
        companyLocked={rules.companyLocked}
        namesLocked={kind === 'billing' && rules.billingNamesLocked}
        requireChange={mode === 'edit'}
        submitLabel="Adresse speichern"
        pending={add.isPending || update.isPending || convert.isPending}
        serverErrors={serverErrors}
        failure={failure}
        onSubmit={(values) => void onSubmit(values)}
        onCancel={close}
      />
    </Modal>
  )
}

export function NewBillingAddressPage() {
  return <AddressFormModal mode="newBilling" />
}

export function NewDeliveryAddressPage() {
  return <AddressFormModal mode="newDelivery" />
}

export function EditAddressPage() {
  const { id } = useParams()
  return <AddressFormModal key={id} mode="edit" />
}
