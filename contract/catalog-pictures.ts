// Product pictures (issue 21): the public picture addresses and their rules, shared by the server
// (which makes and serves the variants) and the web (which writes <picture>/srcset). An address
// names the original's content hash, so it never changes meaning and is cached for a year.
import { z } from 'zod'
import { c, ErrorSchema } from './errors.ts'

export {
  PICTURE_FORMATS,
  PICTURE_MIME,
  PICTURE_PREFIX,
  PICTURE_WIDTHS,
  type PictureFormat,
  type PictureWidth,
  parsePictureFile,
  pictureHashOf,
  pictureSrcSet,
  pictureUrl,
} from './picture-urls.ts'

export const catalogPicturesContract = c.router({
  getPicture: {
    method: 'GET',
    path: '/bilder/:file',
    pathParams: z.object({ file: z.string().max(120) }),
    responses: {
      // Sent as a stream with its own Content-Type (image/avif, image/webp or image/jpeg).
      200: c.otherResponse({ contentType: 'image/avif', body: c.type<unknown>() }),
      304: c.noBody(),
      404: ErrorSchema,
    },
    summary:
      'A product picture variant (AVIF, WebP or JPEG at 200-1600 px), made on first request; immutable (issue 21)',
  },
})
