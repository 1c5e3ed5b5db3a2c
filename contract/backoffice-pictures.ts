// Contract of the product editor's "Bilder" section (issue 21): upload (multipart), order, alt
// texts, delete. The pictures belong to the catalog slice; admins change them, customer service
// reads them. Every refusal is a 4xx with a German text; the type is checked by content.
import { z } from 'zod'
import { staffOnly } from './backoffice-access.ts'
import { c, errorBody } from './errors.ts'
import { textId } from './fields.ts'
import { m } from './messages.de.ts'

/** One file at most (bytes); larger files are refused before they are read to the end. */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024
/** Decoded size at most (pixels): a small file can still unpack into a huge bitmap. */
export const PICTURE_MAX_PIXELS = 40_000_000
/** Shortest edge at least (px): smaller pictures look blurred on the product page. */
export const PICTURE_MIN_EDGE = 100
export const PICTURES_PER_UPLOAD = 8
export const PICTURES_PER_PRODUCT = 12
export const PICTURE_ALT_MAX = 200
/** What the file chooser offers; the server decides by content, not by this list. */
export const PICTURE_ACCEPT = 'image/jpeg,image/png,image/webp'

const Unauthorized = errorBody(z.enum(['staff_unauthorized']))
const NotFound = errorBody(z.enum(['not_found']))
const Params = z.object({ id: textId() })
const ISSUE = 'issue 21 pictures; the spec has none'

export const PICTURE_UPLOAD_CODES = [
  'backoffice_picture_required',
  'backoffice_picture_type_invalid',
  'backoffice_picture_too_large',
  'backoffice_picture_too_many_pixels',
  'backoffice_picture_too_small',
  'backoffice_picture_limit',
] as const

export const BackofficePictureSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  alt: z.string(),
  hash: z.string(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  byteSize: z.number().int(),
  /** A small WebP variant for the editor's list. */
  thumbnailUrl: z.string(),
})
export type BackofficePicture = z.infer<typeof BackofficePictureSchema>

const PicturesSchema = z.object({ pictures: z.array(BackofficePictureSchema) })

export const PictureAltSchema = z
  .string()
  .trim()
  .max(PICTURE_ALT_MAX, m('backoffice_picture_alt_too_long'))

/** The whole list in its new order with its alt texts; it must name exactly the current pictures. */
export const BackofficePicturesArrangeBodySchema = z.object({
  pictures: z
    .array(z.object({ id: z.number().int().positive(), alt: PictureAltSchema }))
    .max(PICTURES_PER_PRODUCT, m('invalid')),
})
export type BackofficePicturesArrangeBody = z.infer<typeof BackofficePicturesArrangeBodySchema>

/** Multipart: up to 8 `files`, each optionally followed by an `alt` field (same order). */
export type BackofficePictureUploadBody = { files: File[]; alt?: string[] }

export const backofficePicturesContract = c.router({
  list: {
    method: 'GET',
    path: '/api/staff/products/:id/pictures',
    pathParams: Params,
    responses: { 200: PicturesSchema, 401: Unauthorized, 404: NotFound },
    metadata: staffOnly('service', 'admin'),
    summary: `The product's pictures in their order (${ISSUE})`,
  },
  upload: {
    method: 'POST',
    path: '/api/staff/products/:id/pictures',
    pathParams: Params,
    contentType: 'multipart/form-data',
    body: c.type<BackofficePictureUploadBody | FormData>(),
    responses: {
      200: PicturesSchema,
      401: Unauthorized,
      404: NotFound,
      413: errorBody(z.enum(['payload_too_large'])),
      422: errorBody(z.enum(PICTURE_UPLOAD_CODES)),
    },
    metadata: staffOnly('admin'),
    summary: `Adds JPEG/PNG/WebP pictures (checked by content, ≤ 10 MB, ≤ 40 MP) at the end (${ISSUE})`,
  },
  arrange: {
    method: 'PUT',
    path: '/api/staff/products/:id/pictures',
    pathParams: Params,
    body: BackofficePicturesArrangeBodySchema,
    responses: {
      200: PicturesSchema,
      401: Unauthorized,
      404: NotFound,
      409: errorBody(z.enum(['backoffice_pictures_changed'])),
    },
    metadata: staffOnly('admin'),
    summary: `Sets the order and the alt texts of all pictures (${ISSUE})`,
  },
  remove: {
    method: 'DELETE',
    path: '/api/staff/products/:id/pictures/:pictureId',
    pathParams: z.object({ id: textId(), pictureId: textId() }),
    responses: { 200: PicturesSchema, 401: Unauthorized, 404: NotFound },
    metadata: staffOnly('admin'),
    summary: `Deletes one picture; the others close the gap (${ISSUE})`,
  },
})
