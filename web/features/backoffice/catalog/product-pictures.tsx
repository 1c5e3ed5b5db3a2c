// The product editor's "Bilder" section (issue 21): upload several JPEG/PNG/WebP files, each with
// its alt text (default: the product's name), order them by drag and drop (native HTML5; the
// buttons "Nach vorne"/"Nach hinten" are the keyboard's way), edit alt texts, delete. The server
// checks every file by content and answers in German.
import { useQueryClient } from '@tanstack/react-query'
import { type DragEvent, type FormEvent, useState } from 'react'
import {
  type BackofficePicture,
  PICTURE_ACCEPT,
  PICTURE_ALT_MAX,
} from '#contract/backoffice-pictures.ts'
import { translate } from '#contract/messages.de.ts'
import { Button } from '#web/components/ui/index.ts'
import { errorText } from '#web/lib/messages.ts'
import { tsr } from '#web/lib/tsr.ts'
import { okOrThrow, staffKeys } from '../api.ts'

const picturesKey = (id: number) => [...staffKeys.all, 'pictures', id] as const

type Draft = { id: number; alt: string; thumbnailUrl: string; size: string }

function draftOf(pictures: BackofficePicture[]): Draft[] {
  return pictures.map((p) => ({
    id: p.id,
    alt: p.alt,
    thumbnailUrl: p.thumbnailUrl,
    size: `${p.width} × ${p.height} px`,
  }))
}

/** A file chosen for upload with the alt text it will get. */
type Chosen = { key: string; name: string; alt: string }

export function ProductPictures({
  productId,
  productName,
  isAdmin,
}: {
  productId: number
  productName: string
  isAdmin: boolean
}) {
  const queryClient = useQueryClient()
  const list = tsr.backofficePictures.list.useQuery({
    queryKey: picturesKey(productId),
    queryData: { params: { id: productId } },
    staleTime: 0,
  })
  const [draft, setDraft] = useState<Draft[] | null>(null)
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null)
  const [busy, setBusy] = useState(false)
  const [chosen, setChosen] = useState<Chosen[]>([])
  const [dragged, setDragged] = useState<number | null>(null)
  const [over, setOver] = useState<number | null>(null)
  const pictures = list.data?.status === 200 ? list.data.body.pictures : []
  const rows = draft ?? draftOf(pictures)

  const take = (answer: { body: { pictures: BackofficePicture[] } }, text: string) => {
    queryClient.setQueryData(picturesKey(productId), {
      status: 200,
      body: answer.body,
      headers: new Headers(),
    })
    setDraft(null)
    setMessage({ text, error: false })
  }
  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    setMessage(null)
    try {
      await work()
    } catch (error) {
      setMessage({ text: errorText(error), error: true })
    } finally {
      setBusy(false)
    }
  }

  const upload = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const input = form.elements.namedItem('files') as HTMLInputElement | null
    // Each file followed by its alt text: the server pairs them by order.
    const data = new FormData()
    for (const [i, file] of [...(input?.files ?? [])].entries()) {
      data.append('files', file)
      data.append('alt', chosen[i]?.alt ?? productName)
    }
    void run(async () => {
      const answer = okOrThrow(
        await tsr.backofficePictures.upload.mutate({ params: { id: productId }, body: data }),
      )
      form.reset()
      setChosen([])
      take(answer, translate('backoffice_pictures_saved'))
    })
  }
  const moveTo = (from: number, to: number) => {
    if (from === to || to < 0 || to >= rows.length) return
    const next = [...rows]
    const [item] = next.splice(from, 1)
    if (!item) return
    next.splice(to, 0, item)
    setDraft(next)
  }
  const move = (index: number, delta: number) => moveTo(index, index + delta)
  const dropOn = (index: number) => (event: DragEvent<HTMLLIElement>) => {
    event.preventDefault()
    if (dragged !== null) moveTo(dragged, index)
    setDragged(null)
    setOver(null)
  }
  const save = () =>
    run(async () => {
      const answer = okOrThrow(
        await tsr.backofficePictures.arrange.mutate({
          params: { id: productId },
          body: { pictures: rows.map(({ id, alt }) => ({ id, alt })) },
        }),
      )
      take(answer, translate('backoffice_pictures_saved'))
    })
  const remove = (pictureId: number) =>
    run(async () => {
      const answer = okOrThrow(
        await tsr.backofficePictures.remove.mutate({ params: { id: productId, pictureId } }),
      )
      take(answer, translate('backoffice_pictures_saved'))
    })

  return (
    <section className="backoffice-pictures" aria-labelledby="bilder-titel">
      <h3 id="bilder-titel">Bilder</h3>
      {rows.length === 0 ? (
        <p>Noch keine Bilder: Der Shop zeigt die gezeichnete Ansicht.</p>
      ) : (
        <ol className="backoffice-pictures__list" aria-describedby="bilder-hinweis">
          {rows.map((row, i) => (
            <li
              key={row.id}
              className={`backoffice-pictures__item${over === i && dragged !== i ? ' backoffice-pictures__item--over' : ''}${dragged === i ? ' backoffice-pictures__item--dragged' : ''}`}
              draggable={isAdmin && !busy}
              data-testid="picture-row"
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move'
                event.dataTransfer.setData('text/plain', String(row.id))
                setDragged(i)
              }}
              onDragOver={(event) => {
                if (dragged === null) return
                event.preventDefault()
                event.dataTransfer.dropEffect = 'move'
                setOver(i)
              }}
              onDragLeave={() => setOver((current) => (current === i ? null : current))}
              onDrop={dropOn(i)}
              onDragEnd={() => {
                setDragged(null)
                setOver(null)
              }}
            >
              <img src={row.thumbnailUrl} alt="" width={100} height={100} loading="lazy" />
              <div>
                <label>
                  Alternativtext zu Bild {i + 1}
                  <input
                    type="text"
                    value={row.alt}
                    maxLength={PICTURE_ALT_MAX}
                    disabled={!isAdmin}
                    onChange={(event) =>
                      setDraft(
                        rows.map((r) => (r.id === row.id ? { ...r, alt: event.target.value } : r)),
                      )
                    }
                  />
                </label>
                <small>{row.size}</small>
              </div>
              {isAdmin && (
                <div className="backoffice-pictures__actions">
                  <button type="button" disabled={i === 0 || busy} onClick={() => move(i, -1)}>
                    Nach vorne<span className="visually-hidden"> (Bild {i + 1})</span>
                  </button>
                  <button
                    type="button"
                    disabled={i === rows.length - 1 || busy}
                    onClick={() => move(i, 1)}
                  >
                    Nach hinten<span className="visually-hidden"> (Bild {i + 1})</span>
                  </button>
                  <button type="button" disabled={busy} onClick={() => void remove(row.id)}>
                    Löschen<span className="visually-hidden"> (Bild {i + 1})</span>
                  </button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {isAdmin && rows.length > 1 && (
        <p id="bilder-hinweis" className="backoffice-hint">
          Reihenfolge: Bilder ziehen und ablegen oder „Nach vorne“/„Nach hinten“ verwenden; das
          erste Bild ist das Hauptbild.
        </p>
      )}
      {isAdmin && draft && (
        <Button type="button" pending={busy} onClick={() => void save()}>
          Reihenfolge und Alternativtexte speichern
        </Button>
      )}
      {isAdmin && (
        <form method="post" onSubmit={upload} className="backoffice-pictures__upload">
          <label>
            Bilder hinzufügen (JPEG, PNG oder WebP, je höchstens 10 MB)
            <input
              type="file"
              name="files"
              accept={PICTURE_ACCEPT}
              multiple
              required
              onChange={(event) =>
                setChosen(
                  [...(event.target.files ?? [])].map((file, i) => ({
                    key: `${i}-${file.name}`,
                    name: file.name,
                    alt: productName,
                  })),
                )
              }
            />
          </label>
          {chosen.length > 0 && (
            <ul className="backoffice-pictures__chosen">
              {chosen.map((file, i) => (
                <li key={file.key}>
                  <label>
                    Alternativtext für {file.name}
                    <input
                      type="text"
                      value={file.alt}
                      maxLength={PICTURE_ALT_MAX}
                      onChange={(event) =>
                        setChosen(
                          chosen.map((c, j) => (j === i ? { ...c, alt: event.target.value } : c)),
                        )
                      }
                    />
                  </label>
                </li>
              ))}
            </ul>
          )}
          <Button type="submit" pending={busy}>
            Hochladen
          </Button>
        </form>
      )}
      {message && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'field-error' : ''}>
          {message.text}
        </p>
      )}
    </section>
  )
}
