import { type MouseEvent, useState } from 'react'
import { ChevronLeftIcon, ChevronRightIcon, Modal } from '#web/components/ui/index.ts'
import { ZOOM } from '../constants.ts'
import { ProductImage } from './product-image.tsx'

type Image = { url: string; alt: string }

/**
 * The zoom view (an accessible dialog): the largest variant, magnified 3 times where the pointer
 * is. Loaded only when opened, so it adds nothing to the product page's first JavaScript.
 */
export function ZoomModal({
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
          <ProductImage
            src={image.url}
            alt={image.alt}
            sizes="(min-width: 900px) 1600px, 100vw"
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
