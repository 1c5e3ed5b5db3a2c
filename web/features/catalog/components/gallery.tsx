import { lazy, Suspense, useState } from 'react'
import { ZoomIcon } from '#web/components/ui/index.ts'
import { ProductImage } from './product-image.tsx'

type Image = { url: string; alt: string }

// The zoom dialog is fetched on the first click (or when the pointer comes near the picture).
const loadZoom = () => import('./zoom-modal.tsx')
const ZoomModal = lazy(() => loadZoom().then((module) => ({ default: module.ZoomModal })))

/** Product pictures: the main one (click to zoom) and thumbnails. */
export function Gallery({ images, name }: { images: Image[]; name: string }) {
  const [index, setIndex] = useState(0)
  const [zoom, setZoom] = useState(false)
  const current = images[index] ?? images[0]
  if (!current) return null
  return (
    <div className="gallery">
      <button
        type="button"
        className="gallery__main"
        onClick={() => setZoom(true)}
        onPointerEnter={() => void loadZoom()}
        onFocus={() => void loadZoom()}
      >
        <ProductImage
          src={current.url}
          alt={current.alt}
          sizes="(min-width: 1024px) 600px, 100vw"
          fetchPriority={index === 0 ? 'high' : 'auto'}
        />
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
                <ProductImage src={image.url} alt="" sizes="72px" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {zoom && (
        <Suspense fallback={null}>
          <ZoomModal
            images={images}
            index={index}
            onIndex={setIndex}
            title={name}
            onClose={() => setZoom(false)}
          />
        </Suspense>
      )}
    </div>
  )
}
