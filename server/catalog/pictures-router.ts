// The public picture addresses /bilder/{sha256}-{width}.{format} (issue 21). The address names the
// original's content, so the answer never changes: cached for a year by browsers and CDNs, with an
// ETag for revalidation. Sent as a stream because ts-rest would otherwise overwrite the
// Content-Type with the contract's single one.
import { Readable } from 'node:stream'
import { PICTURE_MIME, parsePictureFile } from '#contract/catalog-pictures.ts'
import { contract } from '#contract/index.ts'
import { respond } from '#server/platform/errors.ts'
import { s } from '#server/platform/http.ts'
import { pictureVariant } from './pictures.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'

export const catalogPicturesRouter = s.router(contract.catalogPictures, {
  getPicture: async ({ req, res, params }) => {
    const file = parsePictureFile(params.file)
    if (!file) return respond('not_found')
    const etag = `"${params.file}"`
    const variant = await pictureVariant(req.ctx.db, file.hash, file.width, file.format)
    if (!variant) return respond('not_found')
    res.setHeader('Cache-Control', IMMUTABLE)
    res.setHeader('ETag', etag)
    res.setHeader('X-Content-Type-Options', 'nosniff')
    const matches = req.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)
    if (matches) return { status: 304, body: undefined }
    res.setHeader('Content-Type', PICTURE_MIME[file.format])
    res.setHeader('Content-Length', String(variant.bytes.length))
    res.setHeader('X-Picture-Cache', variant.cached ? 'hit' : 'miss')
    return { status: 200, body: Readable.from([variant.bytes]) }
  },
})
