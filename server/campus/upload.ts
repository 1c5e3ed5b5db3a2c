// Multipart parsing of the two Campus registrations (multer, in memory: at most 2.5 MB). Runs
// after the login check, so guests never get as far as uploading. Limits answer in the spec's
// shape: a too large file is `file_too_large`, anything else malformed a 400.
import type { RequestHandler } from 'express'
import multer, { MulterError } from 'multer'
import { CAMPUS_FILE_MAX_BYTES } from '#contract/campus.ts'
import { errorJson } from '#server/platform/http.ts'
import { campusFailure } from './answers.ts'

const documentParser = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: CAMPUS_FILE_MAX_BYTES, files: 1, fields: 4, fieldSize: 32 * 1024, parts: 6 },
}).single('file')

const fieldsParser = multer({
  limits: { files: 0, fields: 6, fieldSize: 1024, parts: 6 },
}).none()

function withAnswers(parse: RequestHandler): RequestHandler {
  return (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      if (!error) return next()
      if (error instanceof MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') {
          res.status(422).json(campusFailure('file_too_large'))
          return
        }
        res.status(400).json({
          ...errorJson('validation_failed'),
          fields: { [error.field ?? '_']: 'invalid' },
          errors: [],
        })
        return
      }
      next(error)
    })
  }
}

/** The document registration: one file field `file` and the `studentData` JSON. */
export const parseDocumentUpload = withAnswers(documentParser)
/** The e-mail registration: text fields only. */
export const parseEmailFields = withAnswers(fieldsParser)
