import type { ImgHTMLAttributes } from 'react'
import { pictureHashOf, pictureSrcSet } from '#contract/picture-urls.ts'

type ProductImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'srcSet'> & {
  src: string
  alt: string
  /** How wide the picture is shown, for the browser's choice among the variants. */
  sizes: string
}

/**
 * A product picture: an uploaded one as <picture> with AVIF and WebP sources and a JPEG fallback
 * at every width (the address names the content hash), a generated drawing as a plain <img>.
 * The box keeps its width/height ratio while loading, so nothing shifts.
 */
export function ProductImage({
  src,
  alt,
  sizes,
  width = 800,
  height = 800,
  ...rest
}: ProductImageProps) {
  const hash = pictureHashOf(src)
  if (!hash) return <img src={src} alt={alt} width={width} height={height} {...rest} />
  return (
    <picture className="product-picture">
      <source type="image/avif" srcSet={pictureSrcSet(hash, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={pictureSrcSet(hash, 'webp')} sizes={sizes} />
      <img
        src={src}
        srcSet={pictureSrcSet(hash, 'jpg')}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        {...rest}
      />
    </picture>
  )
}
