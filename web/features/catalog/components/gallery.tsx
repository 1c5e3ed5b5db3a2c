import { type MouseEvent, useState } from 'react'
import { ChevronLeftIcon, ChevronRightIcon, Modal, ZoomIcon } from '#web/components/ui/index.ts'
import { ZOOM } from '../constants.ts'

type Image = { url: string; alt: string }

/** The zoom modal: pictures at 2800 px, magnified 3 times where the pointer is. */
function ZoomModal({
  images,
  index,
  onIndex,
  title,
  onClose,
}: {
  images: Image[]
  index: number
  onIndex: (index: number) => void
  title: string
  onClose: () => void
}) {
  const [origin, setOrigin] = useState<{ x: number; y: number } | null>(null)
  const image = images[index] ?? images[0]
  if (!image) return null
  const step = (delta: number) => onIndex((index + delta + images.length) % images.length)
  const onMove = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    setOrigin({
      x: ((event.clientX - box.left) / box.width) * 100,
      y: ((event.clientY - box.top) / box.height) * 100,
    })
  }
  return (
    <Modal open title={title} onClose={onClose} size="xl">
      <div className="zoom">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the magnifier follows the pointer; it adds nothing for keyboards */}
        <div className="zoom__stage" onMouseMove={onMove} onMouseLeave={() => setOrigin(null)}>
          <img
            src={image.url}
            alt={image.alt}
            width={ZOOM.size}
            height={ZOOM.size}
            className="zoom__image"
            style={
              origin
                ? {
                    transform: `scale(${ZOOM.scale})`,
                    transformOrigin: `${origin.x}% ${origin.y}%`,
                  }
                : undefined
            }
          />
        </div>
        {images.length > 1 && (
          <div className="zoom__nav">
            <button
              type="button"
              className="slider__button"
              onClick={() => step(-1)}
              aria-label="Vorheriges Bild"
            >
              <ChevronLeftIcon />
            </button>
            <span>
              Bild {index + 1} von {images.length}
            </span>
            <button
              type="button"
              className="slider__button"
              onClick={() => step(1)}
              aria-label="Nächstes Bild"
            >
              <ChevronRightIcon />
            </button>
          </div>
        )}
      </div>
    </Modal>
  )
}

/** Product pictures: the main one (click to zoom) and thumbnails. */
export function Gallery({ images, name }: { images: Image[]; name: string }) {
  const [index, setIndex] = useState(0)
  const [zoom, setZoom] = useState(false)
  const current = images[index] ?? images[0]
  if (!current) return null
  return (
    <div className="gallery">
      <button type="button" className="gallery__main" onClick={() => setZoom(true)}>
        <img src={current.url} alt={current.alt} width={800} height={800} fetchPriority="high" />
        <span className="gallery__hint">
          <ZoomIcon size={18} /> Zum Vergrößern klicken
        </span>
      </button>
      {images.length > 1 && (
        <ul className="gallery__thumbs">
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                className="gallery__thumb"
                aria-current={i === index ? 'true' : undefined}
                aria-label={`Bild ${i + 1} von ${images.length} anzeigen`}
                onClick={() => setIndex(i)}
              >
                <img src={image.url} alt="" width={800} height={800} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {zoom && (
        <ZoomModal
          images={images}
          index={index}
          onIndex={setIndex}
          title={name}
          onClose={() => setZoom(false)}
        />
      )}
    </div>
  )
}
