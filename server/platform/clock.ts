// Time comes from a clock so that tests can move it (login expiry, Campus lifecycle).
export type Clock = { now: () => Date }

export const systemClock: Clock = { now: () => new Date() }

/** A clock that tests move by hand. */
export function manualClock(
  start = new Date(),
): Clock & { advance: (ms: number) => void; set: (d: Date) => void } {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms
    },
    set: (d) => {
      current = d.getTime()
    },
  }
}
