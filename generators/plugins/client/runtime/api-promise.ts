/**
 * What every call returns: a promise of the parsed body that can also give the HTTP details
 * (`withResponse()`): status, headers, request ID and rate-limit state.
 */

export interface RateLimitState {
  limit: number | null;
  remaining: number | null;
}

export interface ResponseMeta {
  response: Response;
  status: number;
  headers: Headers;
  requestId: string | null;
  rateLimit: RateLimitState;
}

export interface WithResponse<T> extends ResponseMeta {
  data: T;
}

/** A `Promise<T>` by type (it can be passed and stored as one), lazily parsed, with the HTTP details beside it. */
export class APIPromise<T> implements Promise<T> {
  private parsed?: Promise<T>;
  readonly [Symbol.toStringTag] = 'APIPromise';

  constructor(private readonly responsePromise: Promise<WithResponse<T>>) {}

  /** The body together with the response it came from. */
  withResponse(): Promise<WithResponse<T>> {
    return this.responsePromise;
  }

  private body(): Promise<T> {
    this.parsed ??= this.responsePromise.then((result) => result.data);
    return this.parsed;
  }

  then<R1 = T, R2 = never>(
    onFulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.body().then(onFulfilled, onRejected);
  }

  catch<R = never>(onRejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.body().catch(onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<T> {
    return this.body().finally(onFinally);
  }
}
