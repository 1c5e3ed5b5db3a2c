// The support chat (chat id 1): the visitor's messages are stored for customer service, which
// answers from the back office; the first message gets an automatic reply.
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useRef } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { ChatMessageBodySchema, SUPPORT_CHAT_ID } from '#contract/ads.ts'
import { Button } from '#web/components/ui/index.ts'
import { errorText } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { useSendChatMessage, useSupportChat } from '../api.ts'

const TIME = new Intl.DateTimeFormat('de-DE', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Berlin',
})

const EMPTY_MESSAGE: z.input<typeof ChatMessageBodySchema> = { chatId: SUPPORT_CHAT_ID, text: '' }

export function ChatPanel({ onBack }: { onBack: () => void }) {
  const inputId = useId()
  const { register, handleSubmit, reset, control } = useForm({
    resolver: zodResolver(ChatMessageBodySchema),
    defaultValues: EMPTY_MESSAGE,
  })
  const text = useWatch({ control, name: 'text' })
  const chat = useSupportChat()
  const send = useSendChatMessage()
  const logRef = useRef<HTMLDivElement>(null)
  const messages = chat.data?.status === 200 ? chat.data.body.messages : []

  useEffect(() => {
    const log = logRef.current
    if (log && messages.length > 0) log.scrollTop = log.scrollHeight
  }, [messages.length])

  // An empty message is never sent (the button stays disabled); the schema trims the text.
  const submit = handleSubmit((body) => send.mutate({ body }, { onSuccess: () => reset() }))

  return (
    <div className="chat-panel">
      <div ref={logRef} className="chat-panel__log" role="log" aria-label="Chatverlauf">
        {messages.length === 0 && (
          <p className="chat-panel__empty">
            Schreib uns deine Frage. Wir antworten Montag bis Freitag von 8 bis 18 Uhr.
          </p>
        )}
        {messages.map((message) => (
          <div key={message.id} className={`chat-message chat-message--${message.sender}`}>
            <span className="visually-hidden">
              {message.sender === 'visitor' ? 'Du' : 'Kundenservice'}:{' '}
            </span>
            <p className="chat-message__text">{message.text}</p>
            <span className="chat-message__time">{TIME.format(new Date(message.createdAt))}</span>
          </div>
        ))}
      </div>
      <form method="post" className="chat-panel__form" onSubmit={submit}>
        <label htmlFor={inputId} className="field__label">
          Deine Nachricht
        </label>
        <textarea
          id={inputId}
          className="field__input chat-panel__input"
          rows={3}
          maxLength={1000}
          {...register('text')}
        />
        {send.isError && (
          <p className="field__error" role="alert">
            {errorText(send.error, 'chat_send_failed')}
          </p>
        )}
        <p className="chat-panel__note">
          Wir speichern deine Nachrichten, um dir zu antworten. Mehr in der{' '}
          <a href={paths.info('privacy')}>Datenschutzerklärung</a>.
        </p>
        <div className="chat-panel__actions">
          <Button variant="ghost" onClick={onBack}>
            Zurück
          </Button>
          <Button type="submit" pending={send.isPending} disabled={!text.trim()}>
            Senden
          </Button>
        </div>
      </form>
    </div>
  )
}
