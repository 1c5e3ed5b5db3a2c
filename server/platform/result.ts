// Expected outcomes of services: a value or a domain error code. Throws are for bugs only.
export type Ok<T> = { ok: true; value: T }
export type Err<E extends string, D = undefined> = { ok: false; code: E; data?: D }
export type Result<T, E extends string, D = undefined> = Ok<T> | Err<E, D>

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value }
}

export function err<E extends string, D = undefined>(code: E, data?: D): Err<E, D> {
  return { ok: false, code, data }
}
