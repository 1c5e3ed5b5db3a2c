// Failed calls of the ts-rest hooks arrive as the response ({ status, body }) or as an Error.
export type FailedResponse = { status: number; body: Record<string, unknown> }

export function failedResponse(error: unknown): FailedResponse | undefined {
  if (error && typeof error === 'object' && 'status' in error && 'body' in error) {
    const { status, body } = error as { status: unknown; body: unknown }
    if (typeof status === 'number' && body && typeof body === 'object') {
      return { status, body: body as Record<string, unknown> }
    }
  }
  return undefined
}

/** The field codes of a 400 answer (`fields`) or of a refused registration (`errorFields`). */
export function fieldCodes(error: unknown): Record<string, string> {
  const response = failedResponse(error)
  const fields = response?.body.fields ?? response?.body.errorFields
  return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {}
}
