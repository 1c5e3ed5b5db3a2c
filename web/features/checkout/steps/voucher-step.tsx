// Step "Gutschein und Schutzpaket": redeem and remove vouchers (the form validates the code with
// the contract's VoucherBodySchema) and the optional protection package (storefront section 6).
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { type CheckoutState, VoucherBodySchema } from '#contract/checkout.ts'
import { Button, Field } from '#web/components/ui/index.ts'
import { formatPrice } from '#web/lib/format.ts'
import { useChooseProtection, useRedeemVoucher, useRemoveVoucher } from '../api.ts'
import { problemText } from '../problem-text.ts'

export function VoucherStep({ state }: { state: CheckoutState }) {
  const redeem = useRedeemVoucher()
  const remove = useRemoveVoucher()
  const protection = useChooseProtection()
  const { register, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(VoucherBodySchema),
    defaultValues: { voucherCode: '' },
  })
  // An empty code sends nothing and shows nothing (as before); a too long one says so.
  const codeError = formState.errors.voucherCode
  return (
    <>
      <form
        method="post"
        className="checkout-voucher"
        onSubmit={handleSubmit(({ voucherCode }) =>
          redeem.mutate(voucherCode, { onSuccess: () => reset() }),
        )}
      >
        <Field
          label="Gutscheincode"
          error={codeError?.type === 'too_small' ? undefined : codeError?.message}
          {...register('voucherCode')}
        />
        <Button type="submit" variant="secondary" pending={redeem.isPending}>
          Einlösen
        </Button>
      </form>
      {redeem.error && (
        <p className="form-error" role="alert">
          {problemText(redeem.error)}
        </p>
      )}
      {state.coupons.map((coupon) => (
        <p key={coupon.code} className="checkout-coupon">
          Gutschein {coupon.title} ({coupon.code}): −{formatPrice(coupon.cents)}{' '}
          <button
            type="button"
            className="checkout-link-button"
            onClick={() => remove.mutate(coupon.code)}
          >
            Entfernen
          </button>
        </p>
      ))}
      {state.noRiskMuchFun.available && (
        <label className="checkout-option">
          <input
            type="checkbox"
            checked={state.noRiskMuchFun.selected}
            onChange={(event) => protection.mutate(event.currentTarget.checked)}
          />
          <span>
            Schutzpaket „No Risk, Much Fun“ für {formatPrice(state.noRiskMuchFun.priceCents)}: 3
            Jahre Schutz bei Bruch- und Flüssigkeitsschäden (optional)
          </span>
        </label>
      )}
    </>
  )
}
