// A value now, or later. The embedded stores answer from memory; a request whose every step
// answers at once is served without a promise hop (each one costs about as much as the step
// itself on the request path), and a step that has to wait (Upstash, a first search) makes the
// rest of the request wait, as `await` would.

export type MaybeAsync<T> = T | Promise<T>;

/** `next(value)`, now if `value` is here, else once it settles (a rejection passes through). */
export function andThen<T, R>(value: MaybeAsync<T>, next: (value: T) => MaybeAsync<R>): MaybeAsync<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
