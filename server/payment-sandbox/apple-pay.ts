// Apple Pay in the sandbox: merchant sessions, a simulated payment sheet that issues signed
// tokens, and the token check at authorization (signature, session, amount, single use).
import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { pspApplePaySessions, pspPayments } from '#db/schema/payments.ts'
import type {
  ApplePayMerchantSession,
  ApplePayPaymentRequest,
  ApplePayPayments,
  Payment,
} from '#server/platform/payments/port.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import { recordAuthorization } from './card.ts'
import {
  assertAmount,
  assertOrigin,
  assertText,
  decimalAmount,
  findPayment,
  LIFETIME_MS,
  type PaymentRow,
  SANDBOX_MERCHANT,
  type SimCtx,
  toPayment,
} from './context.ts'
import { randomToken, requestHash } from './crypto.ts'

/** The cards of the simulated sheet: two that pay and one the issuer declines. */
export const APPLE_PAY_SHEET_CARDS = {
  visa: { network: 'Visa', displayName: 'Visa 1111', declines: false },
  mastercard: { network: 'MasterCard', displayName: 'MasterCard 4444', declines: false },
  declined: { network: 'Visa', displayName: 'Visa 0002', declines: true },
} as const
export type ApplePaySheetCard = keyof typeof APPLE_PAY_SHEET_CARDS

const TokenSchema = z.object({
  paymentData: z.object({
    version: z.literal('EC_v1'),
    data: z.string().max(4000),
    signature: z.string().max(200),
    header: z.object({
      ephemeralPublicKey: z.string(),
      publicKeyHash: z.string(),
      transactionId: z.string(),
    }),
  }),
  paymentMethod: z.object({
    displayName: z.string(),
    network: z.string(),
    type: z.string(),
  }),
  transactionIdentifier: z.string(),
})
export type ApplePayToken = z.infer<typeof TokenSchema>

const TokenDataSchema = z.object({
  merchantSessionIdentifier: z.string(),
  transactionId: z.string(),
  amountCents: z.number().int().positive(),
  currency: z.literal('EUR'),
  card: z.enum(['visa', 'mastercard', 'declined']),
  issuedAt: z.number().int(),
})

export function createApplePayPayments(ctx: SimCtx) {
  const sheetPath = (sessionId: string) => `${ctx.basePath}/applepay/sheet/${sessionId}`

  const port: ApplePayPayments = {
    paymentRequest(input): ApplePayPaymentRequest {
      assertAmount(input.amountCents)
      return {
        countryCode: 'DE',
        currencyCode: 'EUR',
        supportedNetworks: ['visa', 'masterCard'],
        merchantCapabilities: ['supports3DS', 'supportsDebit', 'supportsCredit'],
        total: { label: input.label, amount: decimalAmount(input.amountCents), type: 'final' },
      }
    },

    async createMerchantSession(input): Promise<ApplePayMerchantSession> {
      assertOrigin(input.shopOrigin, 'shopOrigin')
      assertText(input.displayName, 'displayName')
      const now = ctx.clock.now()
      const id = randomToken('aps')
      const expiresAt = new Date(now.getTime() + LIFETIME_MS.applePaySession)
      await ctx.db.insert(pspApplePaySessions).values({
        id,
        shopOrigin: input.shopOrigin,
        displayName: input.displayName,
        createdAt: now,
        expiresAt,
      })
      const domainName = new URL(input.shopOrigin).hostname
      return {
        epochTimestamp: now.getTime(),
        expiresAt: expiresAt.getTime(),
        merchantSessionIdentifier: id,
        nonce: randomBytes(4).toString('hex'),
        merchantIdentifier: SANDBOX_MERCHANT.applePayMerchantId,
        domainName,
        displayName: input.displayName,
        signature: ctx.keys.sign('apple-pay-session', `${id}\n${domainName}\n${now.getTime()}`),
        sheetUrl: sheetPath(id),
      }
    },

    async authorize(input) {
      assertAmount(input.amountCents)
      assertText(input.reference, 'reference')
      assertText(input.idempotencyKey, 'idempotencyKey')
      const capture = input.capture ?? false
      const parsed = TokenSchema.safeParse(input.paymentToken)
      if (!parsed.success) return err('apple_pay_token_invalid')
      const token = parsed.data
      const hash = requestHash({
        op: 'applepay.authorize',
        transactionId: token.paymentData.header.transactionId,
        amountCents: input.amountCents,
        reference: input.reference,
        capture,
      })
      const replay = async () => {
        const found = await findPayment(ctx.db, { idempotencyKey: input.idempotencyKey })
        if (!found) return null
        if (found.row.requestHash !== hash) return err('idempotency_conflict' as const)
        return outcome(found.row)
      }
      const replayed = await replay()
      if (replayed) return replayed

      const { data, signature } = token.paymentData
      if (!ctx.keys.verify('apple-pay-token', data, signature))
        return err('apple_pay_token_invalid')
      let decoded: z.infer<typeof TokenDataSchema>
      try {
        decoded = TokenDataSchema.parse(JSON.parse(Buffer.from(data, 'base64').toString('utf8')))
      } catch {
        return err('apple_pay_token_invalid')
      }
      const now = ctx.clock.now()
      const [session] = await ctx.db
        .select()
        .from(pspApplePaySessions)
        .where(eq(pspApplePaySessions.id, decoded.merchantSessionIdentifier))
      if (
        !session ||
        decoded.transactionId !== token.paymentData.header.transactionId ||
        decoded.amountCents !== input.amountCents ||
        now.getTime() - decoded.issuedAt > LIFETIME_MS.applePayToken
      )
        return err('apple_pay_token_invalid')

      const card = APPLE_PAY_SHEET_CARDS[decoded.card]
      const base = {
        id: randomToken('pay'),
        method: 'applepay' as const,
        amountCents: input.amountCents,
        reference: input.reference,
        authorizationToken: decoded.transactionId,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        autoCapture: capture,
        details: { applePay: { network: card.network, displayName: card.displayName } },
        createdAt: now,
        updatedAt: now,
      }
      const values = card.declines
        ? { ...base, status: 'declined' as const, declineCode: 'card_declined' }
        : {
            ...base,
            status: capture ? ('captured' as const) : ('authorized' as const),
            capturedCents: capture ? input.amountCents : 0,
          }
      const inserted = await ctx.db.transaction(async (tx) => {
        const [row] = await tx.insert(pspPayments).values(values).onConflictDoNothing().returning()
        if (row && row.status !== 'declined') await recordAuthorization(tx, row, now)
        return row ?? null
      })
      if (inserted) return outcome(inserted)
      // Either the same idempotency key (a replay) or a token that was used before.
      return (await replay()) ?? err('apple_pay_token_invalid')
    },
  }

  function outcome(
    row: PaymentRow,
  ): Result<
    Payment,
    'apple_pay_token_invalid' | 'card_declined' | 'idempotency_conflict',
    { paymentId: string }
  > {
    if (row.status === 'declined') return err('card_declined', { paymentId: row.id })
    return ok(toPayment(row, null))
  }

  async function session(id: string) {
    const [row] = await ctx.db
      .select()
      .from(pspApplePaySessions)
      .where(eq(pspApplePaySessions.id, id))
    return row ?? null
  }

  /** The simulated sheet's "pay" button: a signed token for this merchant session and amount. */
  async function issueToken(
    sessionId: string,
    input: { amountCents: number; card: ApplePaySheetCard },
  ): Promise<ApplePayToken | null> {
    const row = await session(sessionId)
    const now = ctx.clock.now()
    if (!row || row.expiresAt <= now) return null
    const transactionId = randomBytes(16).toString('hex')
    const data = Buffer.from(
      JSON.stringify({
        merchantSessionIdentifier: sessionId,
        transactionId,
        amountCents: input.amountCents,
        currency: 'EUR',
        card: input.card,
        issuedAt: now.getTime(),
      }),
    ).toString('base64')
    const card = APPLE_PAY_SHEET_CARDS[input.card]
    return {
      paymentData: {
        version: 'EC_v1',
        data,
        signature: ctx.keys.sign('apple-pay-token', data),
        header: {
          ephemeralPublicKey: randomBytes(32).toString('base64'),
          publicKeyHash: createHash('sha256')
            .update(SANDBOX_MERCHANT.applePayMerchantId)
            .digest('base64'),
          transactionId,
        },
      },
      paymentMethod: { displayName: card.displayName, network: card.network, type: 'debit' },
      transactionIdentifier: transactionId.toUpperCase(),
    }
  }

  return { port, session, issueToken }
}
