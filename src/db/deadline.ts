/**
 * A request's deadline, carried into its write transaction: the transaction checks it before every statement and
 * before its COMMIT, and no single statement or lock wait may outlast it. A write that reaches its deadline is
 * rolled back, so an answer of "timed out" always means that nothing was stored; a write whose COMMIT was sent
 * before the deadline finishes, and its answer is the truth.
 */
export class Deadline {
  /** Write transactions of the request that have started and not yet ended (committed or rolled back). */
  private writing = 0;

  constructor(
    /** Epoch milliseconds; Infinity for none. */
    readonly at: number,
    private readonly now: () => number = Date.now,
  ) {}

  static none(): Deadline {
    return new Deadline(Infinity);
  }

  static after(ms: number): Deadline {
    return ms > 0 ? new Deadline(Date.now() + ms) : Deadline.none();
  }

  /** Set by expire(): the deadline counts as passed whatever the clock says. */
  private expired = false;

  /** The request's own deadline, for a view of it made by aside(). */
  private parent: Deadline | undefined;

  /**
   * The same time, for a write that is the request's bookkeeping rather than what it asked for (WordPress records an
   * application password's last use): its transactions do not count as the request's write (inWrite, commitSent).
   */
  aside(): Deadline {
    const view = new Deadline(this.at, this.now);
    view.parent = this;
    return view;
  }

  /** Milliseconds left (Infinity without a deadline, 0 once passed). */
  left(): number {
    if (this.parent) return this.parent.left();
    return this.expired ? 0 : Math.max(0, this.at - this.now());
  }

  /**
   * Ends the time now (the request's timer, which answers for a request without a write under way): a write that
   * would start after this answer must not begin, whatever a clock a millisecond behind the timer's says.
   */
  expire(): void {
    this.expired = true;
  }

  get passed(): boolean {
    return this.left() === 0;
  }

  /** A wait bounded by its own limit and by the time left; `limitMs` 0 means no limit of its own. */
  cap(limitMs: number): number {
    const left = this.left();
    if (limitMs <= 0) return left;
    return Math.min(limitMs, left);
  }

  /** Throws DeadlineExceeded once the deadline has passed. */
  check(): void {
    if (this.passed) throw new DeadlineExceeded();
  }

  /**
   * `waiting` or DeadlineExceeded, whichever comes first; what `waiting` gives after the deadline goes to `late`
   * (a connection back to its pool).
   */
  race<T>(waiting: Promise<T>, late: (value: T) => void): Promise<T> {
    if (this.left() === Infinity) return waiting;
    let timer: NodeJS.Timeout | undefined;
    let lost = false;
    const expiry = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        lost = true;
        reject(new DeadlineExceeded());
      }, this.left());
    });
    return Promise.race([
      waiting.then((value) => {
        if (lost) late(value);
        return value;
      }),
      expiry,
    ]).finally(() => clearTimeout(timer));
  }

  /** Whether a write transaction of the request is under way: its end, not the timer, answers the request. */
  get inWrite(): boolean {
    return this.writing > 0;
  }

  private sentCommit = false;
  private confirmedCommit = false;

  /**
   * A COMMIT of the request went out: from then on only its outcome may answer the request (the timer stays silent,
   * a 5xx would tell a client that nothing was stored).
   */
  get commitSent(): boolean {
    return this.sentCommit;
  }

  /** The database confirmed a COMMIT of the request: the request answers as a stored write, or not at all. */
  get committed(): boolean {
    return this.confirmedCommit;
  }

  noteCommitSent(): void {
    this.sentCommit = true;
  }

  noteCommitted(): void {
    this.confirmedCommit = true;
  }

  /** Marks a write transaction under way for the time of `work`. */
  async whileWriting<T>(work: () => Promise<T>): Promise<T> {
    this.writing++;
    try {
      return await work();
    } finally {
      this.writing--;
    }
  }
}

/** The request's deadline passed before its write committed: the write was rolled back (or never began). */
export class DeadlineExceeded extends Error {
  readonly code = 'DEADLINE_EXCEEDED';
  constructor(cause?: unknown) {
    super('the request reached its deadline; its write was rolled back', cause === undefined ? undefined : { cause });
  }
}
