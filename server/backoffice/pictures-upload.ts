// Multipart parsing of the product editor's picture upload (multer, in memory). Runs after the
// staff guard admitted an admin. A file above 10 MB is refused while it streams; a request that
// declares more than 8 such files is refused with 413 before multer reads a byte (app.ts).
import type { RequestHandler } from 'express'
import multer, { MulterError } from 'multer'
import {
  PICTURE_ALT_MAX,
  PICTURE_MAX_BYTES,
  PICTURES_PER_UPLOAD,
} from '#contract/backoffice-pictures.ts'
import { errorJson } from '#server/platform/http.ts'
import { boundedParser, findInputProblem, inputProblemBody } from '#server/platform/input-guard.ts'

/** The whole request at most: every file at its limit plus the alt texts. */
export const PICTURE_UPLOAD_MAX_BYTES = PICTURES_PER_UPLOAD * PICTURE_MAX_BYTES + 64 * 1024

const parser = multer({
  storage: multer.memoryStorage(),
  limits: {
    fileSize: PICTURE_MAX_BYTES,
    files: PICTURES_PER_UPLOAD,
    fields: PICTURES_PER_UPLOAD,
    fieldSize: PICTURE_ALT_MAX * 4,
    parts: PICTURES_PER_UPLOAD * 2,
  },
}).array('files', PICTURES_PER_UPLOAD)

const bounded = boundedParser(parser, PICTURE_UPLOAD_MAX_BYTES)

export const parsePictureUpload: RequestHandler = (req, res, next) => {
  bounded(req, res, (error?: unknown) => {
    if (!error) {
      const problem = findInputProblem(req.body)
      if (problem) {
        res.status(400).json(inputProblemBody(problem))
        return
      }
      return next()
    }
    if (error instanceof MulterError && error.code === 'LIMIT_FILE_SIZE') {
      res.status(422).json(errorJson('backoffice_picture_too_large'))
      return
    }
    if (
      error instanceof MulterError &&
      (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE')
    ) {
      // More than 8 files arrive as an "unexpected" ninth `files` part.
      if (error.field === 'files' || error.code === 'LIMIT_FILE_COUNT') {
        res.status(422).json(errorJson('backoffice_picture_limit'))
        return
      }
    }
    const field = error instanceof MulterError ? (error.field ?? '_') : '_'
    res
      .status(400)
      .json({ ...errorJson('validation_failed'), fields: { [field]: 'invalid' }, errors: [] })
  })
}

/** The uploaded name for messages: UTF-8 (busboy reads Latin-1), no path, at most 80 chars. */
export function uploadName(originalName: string | undefined): string {
  const utf8 = Buffer.from(originalName ?? '', 'latin1').toString('utf8')
  const base = (utf8.split(/[\\/]/).pop() ?? '').replace(/[\p{Cc}\p{Cf}"<>]/gu, '').trim()
  return base.slice(0, 80) || 'Datei'
}
