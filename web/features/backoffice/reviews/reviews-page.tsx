// /backoffice/bewertungen (issue 22): the moderation queue of product reviews. Staff read each
// waiting review and publish it or reject it with a reason its author sees; both are audited.
// Published and rejected reviews can be looked at (and changed) through the status switch.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { type ReviewStatus, ReviewStatusSchema, type StaffReview } from '#contract/reviews.ts'
import { Button } from '#web/components/ui/index.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { errorText } from '#web/lib/messages.ts'
import { tsr } from '#web/lib/tsr.ts'
import { okOrThrow, staffKeys } from '../api.ts'
import { Loading } from '../shared.tsx'

const STATUS_LABEL: Record<ReviewStatus, string> = {
  pending: 'Zu prüfen',
  published: 'Veröffentlicht',
  rejected: 'Abgelehnt',
}

const reviewsOfficeKeys = {
  all: () => [...staffKeys.all, 'reviews'] as const,
  list: (status: ReviewStatus) => [...reviewsOfficeKeys.all(), status] as const,
}

export function ReviewsPage() {
  const [status, setStatus] = useState<ReviewStatus>('pending')
  const statusId = useId()
  const query = tsr.backofficeReviews.list.useQuery({
    queryKey: reviewsOfficeKeys.list(status),
    queryData: { query: { status } },
  })
  return (
    <div className="backoffice-area">
      <p>
        Bewertungen erscheinen im Shop erst nach der Freigabe. Prüfe den Inhalt (keine
        Beleidigungen, Werbung oder persönlichen Daten); positive und negative Bewertungen werden
        gleich behandelt.
      </p>
      <p>
        <label htmlFor={statusId}>Status </label>
        <select
          id={statusId}
          className="select"
          style={{ width: 'auto' }}
          value={status}
          onChange={(event) => setStatus(ReviewStatusSchema.parse(event.target.value))}
        >
          {ReviewStatusSchema.options.map((option) => (
            <option key={option} value={option}>
              {STATUS_LABEL[option]}
            </option>
          ))}
        </select>
      </p>
      {query.data?.status !== 200 ? (
        <Loading error={query.error} />
      ) : query.data.body.reviews.length === 0 ? (
        <p>Keine Bewertungen in diesem Status.</p>
      ) : (
        <ul className="review-queue">
          {query.data.body.reviews.map((review) => (
            <QueueItem key={review.id} review={review} />
          ))}
        </ul>
      )}
    </div>
  )
}

function QueueItem({ review }: { review: StaffReview }) {
  const queryClient = useQueryClient()
  const reasonId = useId()
  const [reason, setReason] = useState('')
  const done = () => queryClient.invalidateQueries({ queryKey: reviewsOfficeKeys.all() })
  const publish = useMutation({
    mutationFn: async () =>
      okOrThrow(await tsr.backofficeReviews.publish.mutate({ params: { reviewId: review.id } })),
    onSuccess: done,
  })
  const reject = useMutation({
    mutationFn: async () =>
      okOrThrow(
        await tsr.backofficeReviews.reject.mutate({
          params: { reviewId: review.id },
          body: { reason },
        }),
      ),
    onSuccess: done,
  })
  const error = publish.error ?? reject.error
  return (
    <li className="review-queue__item" aria-label={`Bewertung ${review.id}: ${review.title}`}>
      <p>
        <a href={review.productUrl} target="_blank" rel="noopener">
          {review.productName}
        </a>{' '}
        · {review.rating} von 5 Sternen · {review.authorName} (Kunde {review.customerId}) ·{' '}
        {formatDateTime(review.createdAt)}
        {review.verifiedPurchase && ' · Verifizierter Kauf'}
      </p>
      <p>
        <strong>{review.title}</strong>
      </p>
      <p style={{ whiteSpace: 'pre-line' }}>{review.text}</p>
      {review.rejectionReason && <p>Abgelehnt: {review.rejectionReason}</p>}
      <div className="field">
        <label className="field__label" htmlFor={reasonId}>
          Grund der Ablehnung (sieht der Kunde)
        </label>
        <input
          id={reasonId}
          className="field__input"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <p style={{ display: 'flex', gap: '0.75rem' }}>
        {review.status !== 'published' && (
          <Button pending={publish.isPending} onClick={() => publish.mutate()}>
            Veröffentlichen
          </Button>
        )}
        {review.status !== 'rejected' && (
          <Button
            variant="secondary"
            pending={reject.isPending}
            disabled={!reason.trim()}
            onClick={() => reject.mutate()}
          >
            Ablehnen
          </Button>
        )}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {errorText(error)}
        </p>
      )}
    </li>
  )
}
