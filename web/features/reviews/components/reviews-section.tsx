// "Bewertungen" on the product page (issue 22): average and distribution, the statement on how
// reviews are checked (§ 5b Abs. 3 UWG), the published reviews with sorting and pages, comments
// and "Hilfreich", and the form of logged-in customers (their own review in any status).
import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import {
  type OwnReview,
  type PublicReview,
  REVIEW_SORT_LABELS,
  ReviewBodySchema,
  ReviewCommentBodySchema,
  type ReviewSort,
  ReviewSortSchema,
} from '#contract/reviews.ts'
import { Button, Stars, useHydrated } from '#web/components/ui/index.ts'
import { formatDate } from '#web/lib/format.ts'
import { useHeaderBody } from '#web/lib/header-body.ts'
import { errorText, t } from '#web/lib/messages.ts'
import { tsr } from '#web/lib/tsr.ts'
import { answerMessage, useMyReviews, useProductReviews, useRefreshReviews } from '../api.ts'
import { markReviewSubmitted, reviewBlockedMinutes } from '../spam-protection.ts'

const STATUS_LABEL = {
  pending: 'Wird geprüft',
  published: 'Veröffentlicht',
  rejected: 'Abgelehnt',
} as const

function average(x100: number) {
  return (x100 / 100).toLocaleString('de-DE', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })
}

export function ReviewsSection({
  productId,
  productUrl,
}: {
  productId: number
  productUrl: string
}) {
  const [sort, setSort] = useState<ReviewSort>('newest')
  const [page, setPage] = useState(1)
  const sortId = useId()
  const { data } = useProductReviews(productId, sort, page)
  // The customer's own state is asked only with a login (a guest's call would answer 401 and
  // show as a failed request in the browser on every product page). The header data is the
  // login state; the server renders the write area empty for everyone, since a guest's page is
  // also a customer's (issue 23), and the browser fills it in after hydration.
  const header = useHeaderBody()
  const signedIn = header !== undefined && (header.isLoggedIn || header.isLoggedInSoft)
  const mine = useMyReviews(productId, signedIn)
  const hydrated = useHydrated()
  const my = mine.data?.status === 200 ? mine.data.body : null
  const loggedIn = my !== null
  const list = data?.status === 200 ? data.body : null
  if (!list) return null
  const { summary } = list
  return (
    <section className="reviews" aria-labelledby="reviews-title" id="bewertungen">
      <h2 id="reviews-title">Bewertungen</h2>
      <div className="reviews__overview">
        <div className="reviews__summary">
          {summary.averageX100 !== null ? (
            <>
              <p className="reviews__average">
                <span className="reviews__average-value">{average(summary.averageX100)}</span> von 5
              </p>
              <Stars averageX100={summary.averageX100} size="lg" />
              <p className="reviews__count">
                {summary.count} {summary.count === 1 ? 'Bewertung' : 'Bewertungen'}
              </p>
            </>
          ) : (
            <p className="reviews__count">Noch keine Bewertungen.</p>
          )}
        </div>
        <ul className="reviews__distribution" aria-label="Verteilung der Sterne">
          {summary.distribution.map((row) => (
            <li key={row.stars} className="reviews__bar">
              <span className="reviews__bar-label">
                {row.stars} {row.stars === 1 ? 'Stern' : 'Sterne'}
              </span>
              <span className="reviews__bar-track" aria-hidden="true">
                <span
                  className="reviews__bar-fill"
                  style={{ width: `${summary.count ? (row.count * 100) / summary.count : 0}%` }}
                />
              </span>
              <span className="reviews__bar-count">{row.count}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="reviews__statement">
        <strong>So prüfen wir Bewertungen:</strong> Bewertungen schreiben nur angemeldete Kundinnen
        und Kunden. Hat jemand das Produkt bei uns gekauft, kennzeichnen wir die Bewertung mit
        „Verifizierter Kauf“; bei allen anderen Bewertungen prüfen wir nicht, ob das Produkt gekauft
        oder genutzt wurde. Jede Bewertung prüfen wir vor der Veröffentlichung auf ihren Inhalt (z.
        B. Beleidigungen, Werbung, persönliche Daten) und veröffentlichen positive wie negative
        Bewertungen gleichermaßen.
      </p>
      <div className="reviews__write">
        {my ? (
          <OwnReviewArea productId={productId} review={my.review} bought={my.bought} />
        ) : !hydrated || (signedIn && mine.isPending) ? null : (
          <p>
            <a href={`/kundenkonto/login?next=${encodeURIComponent(`${productUrl}#bewertungen`)}`}>
              Melde dich an
            </a>
            , um eine Bewertung zu schreiben.
          </p>
        )}
      </div>
      {list.reviews.length > 0 && (
        <>
          <div className="reviews__toolbar">
            <label htmlFor={sortId}>Sortieren nach</label>
            <select
              id={sortId}
              className="select reviews__sort"
              value={sort}
              onChange={(event) => {
                setSort(ReviewSortSchema.parse(event.target.value))
                setPage(1)
              }}
            >
              {ReviewSortSchema.options.map((option) => (
                <option key={option} value={option}>
                  {REVIEW_SORT_LABELS[option]}
                </option>
              ))}
            </select>
          </div>
          <ol className="reviews__list">
            {list.reviews.map((review) => (
              <ReviewItem
                key={review.id}
                productId={productId}
                review={review}
                loggedIn={loggedIn}
                own={my?.review?.id === review.id}
                voted={my?.votedReviewIds.includes(review.id) ?? false}
              />
            ))}
          </ol>
          {list.pageCount > 1 && (
            <nav className="reviews__pages" aria-label="Seiten der Bewertungen">
              <Button
                variant="secondary"
                disabled={list.page <= 1}
                onClick={() => setPage(list.page - 1)}
              >
                Zurück
              </Button>
              <span>
                Seite {list.page} von {list.pageCount}
              </span>
              <Button
                variant="secondary"
                disabled={list.page >= list.pageCount}
                onClick={() => setPage(list.page + 1)}
              >
                Weiter
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  )
}

function ReviewItem({
  productId,
  review,
  loggedIn,
  own,
  voted,
}: {
  productId: number
  review: PublicReview
  loggedIn: boolean
  own: boolean
  voted: boolean
}) {
  const refresh = useRefreshReviews(productId)
  const vote = tsr.reviews.voteReviewHelpful.useMutation({ onSuccess: refresh })
  const titleId = useId()
  return (
    <li className="review" aria-labelledby={titleId}>
      <div className="review__head">
        <Stars averageX100={review.rating * 100} size="sm" />
        <h3 id={titleId} className="review__title">
          {review.title}
        </h3>
      </div>
      <p className="review__meta">
        {review.authorName} am {formatDate(review.publishedAt)}
        {review.verifiedPurchase && <span className="review__verified">Verifizierter Kauf</span>}
      </p>
      <p className="review__text">{review.text}</p>
      <div className="review__actions">
        {loggedIn && !own && !voted ? (
          <Button
            variant="secondary"
            pending={vote.isPending}
            onClick={() => vote.mutate({ params: { reviewId: review.id } })}
          >
            Hilfreich ({review.helpfulCount})
          </Button>
        ) : (
          <span className="review__helpful">
            {review.helpfulCount} {review.helpfulCount === 1 ? 'Person fand' : 'Personen fanden'}{' '}
            das hilfreich
            {voted && ' (auch du)'}
          </span>
        )}
        {vote.isError && (
          <span className="feedback feedback--error" role="alert">
            {answerMessage(vote.error) ?? errorText(vote.error)}
          </span>
        )}
      </div>
      {review.comments.length > 0 && (
        <ul className="review__comments" aria-label="Kommentare">
          {review.comments.map((comment) => (
            <li key={comment.id} className="review__comment">
              <p className="review__meta">
                {comment.authorName} am {formatDate(comment.createdAt)}
              </p>
              <p>{comment.text}</p>
            </li>
          ))}
        </ul>
      )}
      {loggedIn && <CommentForm productId={productId} reviewId={review.id} />}
    </li>
  )
}

function CommentForm({ productId, reviewId }: { productId: number; reviewId: number }) {
  const [open, setOpen] = useState(false)
  const [blocked, setBlocked] = useState(0)
  const textId = useId()
  const refresh = useRefreshReviews(productId)
  const add = tsr.reviews.addReviewComment.useMutation()
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(ReviewCommentBodySchema),
    defaultValues: { text: '' },
  })
  if (!open) {
    return (
      <Button variant="link" className="review__comment-toggle" onClick={() => setOpen(true)}>
        Kommentieren
      </Button>
    )
  }
  const onSubmit = handleSubmit((values) => {
    const minutes = reviewBlockedMinutes({ formType: 'review_comment' })
    setBlocked(minutes)
    if (minutes > 0) return
    add.mutate(
      { params: { reviewId }, body: values },
      {
        onSuccess: (answer) => {
          if (answer.status !== 200) return
          markReviewSubmitted({ formType: 'review_comment' })
          reset()
          setOpen(false)
          void refresh()
        },
      },
    )
  })
  const error = formState.errors.text?.message
  return (
    <form method="post" className="review__comment-form" onSubmit={onSubmit} noValidate>
      <div className={error ? 'field field--error' : 'field'}>
        <label className="field__label" htmlFor={textId}>
          Dein Kommentar
        </label>
        <textarea
          id={textId}
          className="field__input"
          rows={3}
          aria-invalid={error ? true : undefined}
          {...register('text')}
        />
        {error && (
          <p className="field__error" role="alert">
            {t(error)}
          </p>
        )}
      </div>
      {blocked > 0 && (
        <p className="feedback feedback--error" role="alert">
          {t('review_comment_too_soon', { minutes: blocked })}
        </p>
      )}
      {add.isError && (
        <p className="feedback feedback--error" role="alert">
          {answerMessage(add.error) ?? errorText(add.error)}
        </p>
      )}
      <Button type="submit" pending={add.isPending}>
        Kommentar senden
      </Button>
    </form>
  )
}

function OwnReviewArea({
  productId,
  review,
  bought,
}: {
  productId: number
  review: OwnReview | null
  bought: boolean
}) {
  const [editing, setEditing] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const refresh = useRefreshReviews(productId)
  const remove = tsr.reviews.deleteReview.useMutation()
  if (review && !editing) {
    return (
      <div className="reviews__own">
        <h3>Deine Bewertung</h3>
        {notice && (
          <p className="feedback feedback--success" role="status">
            {notice}
          </p>
        )}
        <p>
          <span className={`reviews__status reviews__status--${review.status}`}>
            {STATUS_LABEL[review.status]}
          </span>
          {review.status === 'rejected' && review.rejectionReason && (
            <> Grund: {review.rejectionReason}</>
          )}
        </p>
        <Stars averageX100={review.rating * 100} size="sm" />
        <p className="review__title">{review.title}</p>
        <p className="review__text">{review.text}</p>
        <div className="review__actions">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Bearbeiten
          </Button>
          <Button
            variant="secondary"
            pending={remove.isPending}
            onClick={() =>
              remove.mutate(
                { params: { reviewId: review.id } },
                { onSuccess: () => void refresh() },
              )
            }
          >
            Löschen
          </Button>
        </div>
      </div>
    )
  }
  return (
    <ReviewForm
      productId={productId}
      review={review}
      bought={bought}
      onDone={() => {
        setEditing(false)
        setNotice(t('review_saved'))
        void refresh()
      }}
    />
  )
}

/**
 * The form's values: a radio group gives its value as text (none checked: null); the contract's
 * schema checks the number, with its German message for a missing rating.
 */
const ReviewFormSchema = z
  .object({ rating: z.string().nullable(), title: z.string(), text: z.string() })
  .transform((form) => ({ ...form, rating: form.rating ? Number(form.rating) : 0 }))
  .pipe(ReviewBodySchema)

function ReviewForm({
  productId,
  review,
  bought,
  onDone,
}: {
  productId: number
  review: OwnReview | null
  bought: boolean
  onDone: () => void
}) {
  const ids = { title: useId(), text: useId(), rating: useId() }
  const [blocked, setBlocked] = useState(0)
  const create = tsr.reviews.createReview.useMutation()
  const update = tsr.reviews.updateReview.useMutation()
  const save = review ? update : create
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof ReviewFormSchema>,
    unknown,
    z.output<typeof ReviewFormSchema>
  >({
    resolver: zodResolver(ReviewFormSchema),
    defaultValues: review
      ? { rating: String(review.rating), title: review.title, text: review.text }
      : { rating: null, title: '', text: '' },
  })
  const onSubmit = handleSubmit((body) => {
    const form = { formType: 'product_review' as const, productId }
    const minutes = reviewBlockedMinutes(form)
    setBlocked(minutes)
    if (minutes > 0) return
    const done = {
      onSuccess: (answer: { status: number }) => {
        if (answer.status !== 200) return
        markReviewSubmitted(form)
        onDone()
      },
    }
    if (review) update.mutate({ params: { reviewId: review.id }, body }, done)
    else create.mutate({ params: { productId }, body }, done)
  })
  const errors = formState.errors
  return (
    <form
      method="post"
      className="reviews__form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={ids.rating}
    >
      <h3 id={ids.rating}>{review ? 'Bewertung bearbeiten' : 'Bewertung schreiben'}</h3>
      {bought && (
        <p className="field__hint">
          Du hast dieses Produkt bei uns gekauft: Deine Bewertung erhält „Verifizierter Kauf“.
        </p>
      )}
      <fieldset
        className={errors.rating ? 'field field--error reviews__rating' : 'field reviews__rating'}
      >
        <legend className="field__label">Deine Sterne</legend>
        <div className="reviews__rating-options">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className="reviews__rating-option">
              <input type="radio" value={value} {...register('rating')} />
              <span>
                {value} {value === 1 ? 'Stern' : 'Sterne'}
              </span>
            </label>
          ))}
        </div>
        {errors.rating?.message && (
          <p className="field__error" role="alert">
            {t(errors.rating.message)}
          </p>
        )}
      </fieldset>
      <div className={errors.title ? 'field field--error' : 'field'}>
        <label className="field__label" htmlFor={ids.title}>
          Titel
        </label>
        <input id={ids.title} className="field__input" {...register('title')} />
        {errors.title?.message && (
          <p className="field__error" role="alert">
            {t(errors.title.message)}
          </p>
        )}
      </div>
      <div className={errors.text ? 'field field--error' : 'field'}>
        <label className="field__label" htmlFor={ids.text}>
          Deine Erfahrung
        </label>
        <textarea id={ids.text} className="field__input" rows={5} {...register('text')} />
        {errors.text?.message && (
          <p className="field__error" role="alert">
            {t(errors.text.message)}
          </p>
        )}
      </div>
      {blocked > 0 && (
        <p className="feedback feedback--error" role="alert">
          {t('review_too_soon', { minutes: blocked })}
        </p>
      )}
      {save.isError && (
        <p className="feedback feedback--error" role="alert">
          {answerMessage(save.error) ?? errorText(save.error)}
        </p>
      )}
      <Button type="submit" pending={save.isPending}>
        Bewertung absenden
      </Button>
    </form>
  )
}
