// Multipart parsing of the two Campus registrations (multer, in memory: at most 2.5 MB). Runs
// after the login check, so guests never get as far as uploading. Limits answer in the spec's
// shape: a too large file is `file_too_large`, anything else malformed a 400.
// Issue 16: a request that declares more than the upload can ever be is refused with 413 before
// multer reads a byte; a stream without a declared length is counted and refused with 413 at the
// same limit. An answer before the body has arrived closes the connection (closeOnUnreadBody in
// app.ts), so the rest of the body is never read. The text fields then pass the same input
// guard as JSON bodies (NUL, lone surrogates).
import type { RequestHandler } from 'express'
import multer, { MulterError } from 'multer'
import { CAMPUS_FILE_MAX_BYTES, CAMPUS_UPLOAD_MAX_BYTES } from '#contract/campus.ts'
import { errorJson } from '#server/platform/http.ts'
import { boundedParser, findInputProblem, inputProblemBody } from '#server/platform/input-guard.ts'
import { campusFailure } from './answers.ts'

const FIELDS_MAX_BYTES = 16 * 1024

const documentParser = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: CAMPUS_FILE_MAX_BYTES, files: 1, fields: 4, fieldSize: 32 * 1024, parts: 6 },
}).single('file')

const fieldsParser = multer({
  limits: { files: 0, fields: 6, fieldSize: 1024, parts: 6 },
}).none()

function withAnswers(parse: RequestHandler, maxBytes: number): RequestHandler {
  const bounded = boundedParser(parse, maxBytes)
  return (req, res, next) => {
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
        res.status(422).json(campusFailure('file_too_large'))
        return
      }
      // Multer's limits and busboy's complaints (no boundary, a cut-off body) alike: the
      // request is malformed.
      const field = error instanceof MulterError ? (error.field ?? '_') : '_'
      res.status(400).json({
        ...errorJson('validation_failed'),
        fields: { [field]: 'invalid' },
        errors: [],
      })
    })
  }
}

/** The document registration: one file field `file` and the `studentData` JSON. */
export const parseDocumentUpload = withAnswers(documentParser, CAMPUS_UPLOAD_MAX_BYTES)
/** The e-mail registration: text fields only. */
export const parseEmailFields = withAnswers(fieldsParser, FIELDS_MAX_BYTES)
