import { useEffect, useState } from 'react'

/** Seconds left until a Unix time (seconds), ticking every second; 0 when it has passed. */
export function useSecondsLeft(until: number | null): number {
  const left = () => (until === null ? 0 : Math.max(0, Math.ceil(until - Date.now() / 1000)))
  const [seconds, setSeconds] = useState(left)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads only `until`
  useEffect(() => {
    setSeconds(left())
    if (until === null) return
    const timer = setInterval(() => {
      const next = left()
      setSeconds(next)
      if (next === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [until])
  return seconds
}

/** m:ss, as the blocked-login message shows it. */
export function minutesAndSeconds(seconds: number): { m: number; s: string } {
  return { m: Math.floor(seconds / 60), s: String(seconds % 60).padStart(2, '0') }
}
