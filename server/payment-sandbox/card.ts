// Card payments in the sandbox: hosted-field sessions, the card check behind the form (alias
// into the vault), authorization with test-card scenarios and the 3-D Secure challenge.
import { eq, sql } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { pspCardAliases, pspCardSessions, pspOperations, pspPayments } from '#db/schema/payments.ts'
import type {
  CardAliasInfo,
  CardAuthorization,
  CardAuthorizeError,
  CardAuthorizeInput,
  CardCheckSession,
  CardPayments,
} from '#server/platform/payments/port.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import { type CardFieldCode, type CardInput, checkCard, maskCardNumber } from './card-rules.ts'
import {
  type AliasRow,
  aliasInfo,
  assertAmount,
  assertOrigin,
  assertShopUrl,
  assertText,
  LIFETIME_MS,
  loadPayment,
  MAX_CARD_CHECKS,
  type PaymentRow,
  type SimCtx,
  withParams,
} from './context.ts'
import { randomToken, requestHash } from './crypto.ts'
import { scenarioOf } from './test-cards.ts'

export type CardCheckOutcome =
  | { kind: 'ok'; card: CardAliasInfo; parentOrigin: string }
  | { kind: 'invalid'; errors: Partial<Record<string, CardFieldCode>> }
  | {
      kind: 'refused'
      status: 404 | 410 | 429 | 502
      code: 'card_session_expired' | 'credit_card_verification_failed'
    }

type AuthorizeResult = Result<CardAuthorization, CardAuthorizeError, { paymentId: string }>

export function cardPaths(basePath: string) {
  return {
    fields: (sessionId: string) => `${basePath}/card/fields/${sessionId}`,
    check: (sessionId: string) => `${basePath}/card/check/${sessionId}`,
    challenge: (token: string) => `${basePath}/3ds/${token}`,
  }
}

export function createCardPayments(ctx: SimCtx) {
  const paths = cardPaths(ctx.basePath)

  function outcome(row: PaymentRow, alias: AliasRow): AuthorizeResult {
    const card = aliasInfo(alias)
    const paymentId = row.id
    switch (row.status) {
      case 'authorized':
      case 'captured':
        return ok({ paymentId, status: row.status, card })
      case 'challenge':
        return ok({
          paymentId,
          status: 'challenge',
          challengeUrl: paths.challenge(row.sessionToken ?? ''),
          card,
        })
      case 'declined':
        return err(
          row.declineCode === 'credit_card_verification_failed'
            ? 'credit_card_verification_failed'
            : 'card_declined',
          { paymentId },
        )
      case 'expired':
        return err('payment_expired', { paymentId })
      default:
        return err('payment_invalid_state', { paymentId })
    }
  }

  async function replay(key: string, hash: string): Promise<AuthorizeResult | null> {
    const found = await loadPayment(ctx, { idempotencyKey: key })
    if (!found) return null
    if (found.row.requestHash !== hash || !found.alias) return err('idempotency_conflict')
    return outcome(found.row, found.alias)
  }

  const port: CardPayments = {
    async createCheckSession(input): Promise<CardCheckSession> {
      assertText(input.reference, 'reference')
      assertOrigin(input.parentOrigin, 'parentOrigin')
      const now = ctx.clock.now()
      const id = randomToken('cs')
      const expiresAt = new Date(now.getTime() + LIFETIME_MS.cardSession)
      await ctx.db.insert(pspCardSessions).values({
        id,
        parentOrigin: input.parentOrigin,
        reference: input.reference,
        createdAt: now,
        expiresAt,
      })
      return { sessionId: id, fieldsUrl: paths.fields(id), checkUrl: paths.check(id), expiresAt }
    },

    async getAlias(alias) {
      const [row] = await ctx.db
        .select()
        .from(pspCardAliases)
        .where(eq(pspCardAliases.alias, alias))
      return row ? aliasInfo(row) : null
    },

    async authorize(input: CardAuthorizeInput): Promise<AuthorizeResult> {
      assertAmount(input.amountCents)
      assertText(input.idempotencyKey, 'idempotencyKey')
      assertText(input.reference, 'reference')
      assertShopUrl(input.returnUrl, 'returnUrl')
      const capture = input.capture ?? false
      const hash = requestHash({
        op: 'card.authorize',
        alias: input.alias,
        amountCents: input.amountCents,
        reference: input.reference,
        returnUrl: input.returnUrl,
        capture,
      })
      const replayed = await replay(input.idempotencyKey, hash)
      if (replayed) return replayed

      const [alias] = await ctx.db
        .select()
        .from(pspCardAliases)
        .where(eq(pspCardAliases.alias, input.alias))
      if (!alias) return err('card_alias_unknown')
      const now = ctx.clock.now()
      const current = now.getUTCFullYear() * 12 + now.getUTCMonth()
      if (alias.expiryYear * 12 + alias.expiryMonth - 1 < current) return err('card_expired')

      const scenario = scenarioOf(ctx.keys.decrypt(alias.panEncrypted))
      const base = {
        id: randomToken('pay'),
        method: 'card' as const,
        amountCents: input.amountCents,
        reference: input.reference,
        cardAlias: alias.alias,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        autoCapture: capture,
        returnUrl: input.returnUrl,
        createdAt: now,
        updatedAt: now,
      }
      const values =
        scenario === 'challenge'
          ? {
              ...base,
              status: 'challenge' as const,
              sessionToken: randomToken('tds'),
              expiresAt: new Date(now.getTime() + LIFETIME_MS.challenge),
            }
          : scenario === 'decline'
            ? { ...base, status: 'declined' as const, declineCode: 'card_declined' }
            : {
                ...base,
                status: capture ? ('captured' as const) : ('authorized' as const),
                capturedCents: capture ? input.amountCents : 0,
              }
      const inserted = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(pspPayments)
          .values(values)
          .onConflictDoNothing({ target: pspPayments.idempotencyKey })
          .returning()
        if (!row) return null
        if (row.status === 'authorized' || row.status === 'captured')
          await recordAuthorization(tx, row, now)
        return row
      })
      if (!inserted) return (await replay(input.idempotencyKey, hash)) ?? err('payment_not_found')
      return outcome(inserted, alias)
    },

    async getAuthorization(paymentId) {
      const found = await loadPayment(ctx, { id: paymentId })
      if (found?.row.method !== 'card' || !found.alias) return err('payment_not_found')
      return outcome(found.row, found.alias)
    },
  }

  /** The hosted form's post: counts the attempt, checks the card, stores it in the vault. */
  async function check(sessionId: string, input: CardInput): Promise<CardCheckOutcome> {
    const now = ctx.clock.now()
    const [session] = await ctx.db
      .update(pspCardSessions)
      .set({ attempts: sql`${pspCardSessions.attempts} + 1` })
      .where(eq(pspCardSessions.id, sessionId))
      .returning()
    if (!session) return { kind: 'refused', status: 404, code: 'card_session_expired' }
    if (session.expiresAt <= now)
      return { kind: 'refused', status: 410, code: 'card_session_expired' }
    if (session.attempts > MAX_CARD_CHECKS)
      return { kind: 'refused', status: 429, code: 'credit_card_verification_failed' }
    const checked = checkCard(input, now)
    if (!checked.ok) return { kind: 'invalid', errors: checked.errors }
    const { card } = checked
    if (scenarioOf(card.number) === 'check_error')
      return { kind: 'refused', status: 502, code: 'credit_card_verification_failed' }
    const [row] = await ctx.db
      .insert(pspCardAliases)
      .values({
        alias: randomToken('ca'),
        sessionId,
        brand: card.brand,
        maskedNumber: maskCardNumber(card.number, card.brand),
        expiryMonth: card.expiryMonth,
        expiryYear: card.expiryYear,
        holder: card.holder,
        panEncrypted: ctx.keys.encrypt(card.number),
        panFingerprint: ctx.keys.sign('fingerprint', card.number),
        createdAt: now,
      })
      .returning()
    if (!row) throw new Error('card alias insert returned nothing')
    return { kind: 'ok', card: aliasInfo(row), parentOrigin: session.parentOrigin }
  }

  async function session(sessionId: string) {
    const [row] = await ctx.db
      .select()
      .from(pspCardSessions)
      .where(eq(pspCardSessions.id, sessionId))
    return row ?? null
  }

  /** The 3-D Secure page's answer; the buyer goes back to the shop's return URL either way. */
  async function decideChallenge(
    token: string,
    decision: 'approve' | 'deny',
  ): Promise<string | null> {
    const found = await loadPayment(ctx, { sessionToken: token })
    if (found?.row.method !== 'card' || !found.row.returnUrl) return null
    const { row } = found
    if (row.status === 'challenge') {
      const now = ctx.clock.now()
      await ctx.db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(pspPayments)
          .where(eq(pspPayments.id, row.id))
          .for('update')
        if (locked?.status !== 'challenge') return
        if (decision === 'deny') {
          await tx
            .update(pspPayments)
            .set({
              status: 'declined',
              declineCode: 'credit_card_verification_failed',
              updatedAt: now,
            })
            .where(eq(pspPayments.id, row.id))
          return
        }
        const [updated] = await tx
          .update(pspPayments)
          .set({
            status: locked.autoCapture ? 'captured' : 'authorized',
            capturedCents: locked.autoCapture ? locked.amountCents : 0,
            updatedAt: now,
          })
          .where(eq(pspPayments.id, row.id))
          .returning()
        if (updated) await recordAuthorization(tx, updated, now)
      })
    }
    return withParams(row.returnUrl ?? '/', { paymentId: row.id })
  }

  async function challenge(token: string) {
    const found = await loadPayment(ctx, { sessionToken: token })
    if (found?.row.method !== 'card' || !found.alias) return null
    return { payment: found.row, card: aliasInfo(found.alias) }
  }

  return { port, check, session, challenge, decideChallenge }
}

/** The authorize (and, with auto-capture, capture) operations of a new authorization. */
export async function recordAuthorization(tx: Tx, row: PaymentRow, now: Date): Promise<void> {
  await tx
    .insert(pspOperations)
    .values({ paymentId: row.id, kind: 'authorize', amountCents: row.amountCents, createdAt: now })
  if (row.status === 'captured')
    await tx
      .insert(pspOperations)
      .values({ paymentId: row.id, kind: 'capture', amountCents: row.amountCents, createdAt: now })
}
