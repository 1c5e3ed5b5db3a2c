// Thin handlers of the product editor's "Bilder" section (issue 21). The guard admitted the
// contract's roles (changes: admins). Files are checked (content, size, pixels) before the
// transaction; storing them, ordering and deleting go through the catalog slice inside
// auditedChange, and the shop's caches are dropped after the commit.
import type { Request } from 'express'
import { contract } from '#contract/index.ts'
import {
  addProductPictures,
  arrangeProductPictures,
  catalogCache,
  type InspectedUpload,
  inspectPicture,
  listProductPictures,
  removeProductPicture,
} from '#server/catalog/index.ts'
import { respond } from '#server/platform/errors.ts'
import { noStore, s } from '#server/platform/http.ts'
import { auditedChange } from './audit.ts'
import { parsePictureUpload, uploadName } from './pictures-upload.ts'

const PRODUCT = 'product'

/** The audit keeps what staff see, never the bytes. */
type Listed = { id: number; position: number; alt: string; hash: string }
const brief = (pictures: Listed[]) =>
  pictures.map(({ id, position, alt, hash }) => ({ id, position, alt, hash }))

function altsOf(body: unknown): string[] {
  const alt = (body as { alt?: unknown } | undefined)?.alt
  const list = Array.isArray(alt) ? alt : alt === undefined ? [] : [alt]
  return list.map((a) => (typeof a === 'string' ? a.trim().slice(0, 200) : ''))
}

export const backofficePicturesRouter = s.router(contract.backofficePictures, {
  list: async ({ req, res, params }) => {
    noStore(res)
    const pictures = await listProductPictures(req.ctx.db, params.id)
    if (!pictures) return respond('not_found')
    return { status: 200, body: { pictures } }
  },

  upload: {
    // Typed for Express; the route's params are parsed by ts-rest after it.
    middleware: [(req, res, next) => parsePictureUpload(req as unknown as Request, res, next)],
    handler: async ({ req, res, params }) => {
      noStore(res)
      const files = (req.files ?? []) as Express.Multer.File[]
      if (files.length === 0) return respond('backoffice_picture_required')
      const alts = altsOf(req.body)
      const checked: InspectedUpload[] = []
      // One after the other: decoding is the expensive part, and the machine is shared.
      for (const [i, file] of files.entries()) {
        const result = await inspectPicture(file.buffer, alts[i] ?? '')
        if (!result.ok)
          return respond(result.code, undefined, { name: uploadName(file.originalname) })
        checked.push(result.value)
      }
      const result = await auditedChange(
        req,
        'product.pictures.add',
        { type: PRODUCT, id: params.id },
        async (tx) => {
          const added = await addProductPictures(tx, params.id, checked)
          if (!added.ok) return added
          return {
            ok: true as const,
            value: {
              before: brief(added.value.before),
              after: brief(added.value.after),
              pictures: added.value.after,
            },
          }
        },
      )
      if (!result.ok) return respond(result.code)
      catalogCache(req.ctx).invalidate()
      return { status: 200, body: { pictures: result.value.pictures } }
    },
  },

  arrange: async ({ req, res, params, body }) => {
    noStore(res)
    const result = await auditedChange(
      req,
      'product.pictures.arrange',
      { type: PRODUCT, id: params.id },
      async (tx) => {
        const arranged = await arrangeProductPictures(tx, params.id, body.pictures)
        if (!arranged.ok) return arranged
        return {
          ok: true as const,
          value: {
            before: brief(arranged.value.before),
            after: brief(arranged.value.after),
            pictures: arranged.value.after,
          },
        }
      },
    )
    if (!result.ok) return respond(result.code)
    catalogCache(req.ctx).invalidate()
    return { status: 200, body: { pictures: result.value.pictures } }
  },

  remove: async ({ req, res, params }) => {
    noStore(res)
    const result = await auditedChange(
      req,
      'product.pictures.remove',
      { type: PRODUCT, id: params.id },
      async (tx) => {
        const removed = await removeProductPicture(tx, params.id, params.pictureId)
        if (!removed.ok) return removed
        return {
          ok: true as const,
          value: {
            before: brief(removed.value.before),
            after: brief(removed.value.after),
            pictures: removed.value.after,
          },
        }
      },
    )
    if (!result.ok) return respond(result.code)
    catalogCache(req.ctx).invalidate()
    return { status: 200, body: { pictures: result.value.pictures } }
  },
})
