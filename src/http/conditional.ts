import { createHash } from 'node:crypto';
import type { HttpContext } from './context';
import type { ResponseHeaders } from './response';

/**
 * Conditional GETs and answers kept by entity tag. The application says what vouches for a request's answer — a
 * change stamp read before anything of the answer (src/db/stamped-cache.ts) — and who the caller is; the
 * dispatcher (rest-server.ts) makes an ETag of the stamp and everything else the answer depends on: the path and
 * query string, the caller, the scheme and host it was asked on, and the endpoint's dependence on the time
 * (Endpoint.freshness). The same tag therefore means the same answer, byte for byte:
 * - If-None-Match with it gets a 304 before validation, permission or handler run (nothing rendered);
 * - the rendered answer is kept under it, and a request with the same tag gets it without running the handler;
 * - If-Modified-Since gets a 304 when the answer has not changed since that date (see lastModified()).
 * Anonymous public answers may be stored by shared caches, which revalidate (or keep them `s-maxage` seconds);
 * authenticated ones are private and never stored; an answer given for a post password is `private, no-store`.
 */

export interface ConditionalOptions<C extends HttpContext> {
  /**
   * The change stamp that vouches for every answer of the REST path `path` (`/tribe/events/v1/events`), or
   * undefined where nothing does (then no ETag and nothing kept). Called before the caller is authenticated and the
   * arguments read, so that everything an answer is made of is read after it.
   */
  stamp(ctx: C, path: string): Promise<string | undefined>;
  /** Who the caller is, as far as answers may differ (user and capabilities); called once authenticated. */
  caller(ctx: C): string;
  /** Answers name the host they were asked on (the site's URLs follow each request's): the host is in the tag. */
  byHost?: boolean;
  /** `s-maxage` of anonymous public answers: seconds a shared cache may answer without revalidating (0: none). */
  sMaxAge?: number;
  /** Rendered answers kept by entity tag (least recently used first out); 0 keeps none. */
  keep?: number;
}

/**
 * How an endpoint's answer depends on the time: `timeless` not at all (until the database changes); a function
 * gives the time-dependent inputs of a request (an event list's window, resolved from "now"). Absent: the answer
 * may change every second.
 */
export type Freshness<R> = 'timeless' | ((request: R) => string | Promise<string>);

/** What is kept of a rendered answer: everything but the headers every answer gets (CORS, request id). */
export interface RenderedAnswer {
  status: number;
  headers: ResponseHeaders;
  body: string | null;
}

/** Answers larger than this are sent but not kept. */
const LARGEST_KEPT = 2 * 1024 * 1024;

export class ConditionalGets {
  private readonly kept = new Map<string, RenderedAnswer>();
  /** When this process first gave each tag (If-Modified-Since). */
  private readonly firstSeen = new Map<string, number>();
  private readonly capacity: number;

  constructor(readonly options: ConditionalOptions<any>) {
    this.capacity = options.keep ?? 256;
  }

  /** The entity tag of an answer: the stamp and every other input of it. */
  static tag(stamp: string, parts: ReadonlyArray<string>): string {
    const hash = createHash('sha1');
    hash.update(stamp);
    for (const part of parts) hash.update('\u0000').update(part);
    return `"${hash.digest('base64url')}"`;
  }

  /**
   * Last-Modified of an answer first given now or earlier under `tag`: the first whole second after this process
   * first gave it, and only once the stamp was read at or after that second. Then any later change makes a
   * stamp that this process first sees after that second, hence a later date: a copy whose date is not older than
   * the answer's cannot miss a change, whatever process gave it (HTTP dates have whole seconds only).
   */
  lastModified(tag: string, stampReadAt: number): Date | undefined {
    let first = this.firstSeen.get(tag);
    if (first === undefined) {
      first = stampReadAt;
      this.firstSeen.set(tag, first);
      if (this.firstSeen.size > this.capacity * 4) this.firstSeen.delete(this.firstSeen.keys().next().value!);
    }
    const date = Math.floor(first / 1000) * 1000 + 1000;
    return stampReadAt >= date ? new Date(date) : undefined;
  }

  /** Whether the request's validators say the client's copy is the answer of `tag`. */
  static notModified(headers: Record<string, string | string[] | undefined>, tag: string, lastModified: Date | undefined): boolean {
    const noneMatch = header(headers['if-none-match']);
    // If-None-Match, when sent, decides alone (RFC 9110 §13.2.2).
    if (noneMatch !== undefined) return matchesAny(noneMatch, tag);
    const since = header(headers['if-modified-since']);
    if (since === undefined || lastModified === undefined) return false;
    const date = Date.parse(since);
    return Number.isFinite(date) && date >= lastModified.getTime();
  }

  get(tag: string): RenderedAnswer | undefined {
    const answer = this.kept.get(tag);
    if (answer) {
      this.kept.delete(tag);
      this.kept.set(tag, answer);
    }
    return answer;
  }

  keep(tag: string, answer: RenderedAnswer): void {
    if (this.capacity === 0 || (answer.body?.length ?? 0) > LARGEST_KEPT) return;
    this.kept.set(tag, answer);
    if (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value!);
  }

  /** Forgets every kept answer (tests that watch what a request runs). */
  clear(): void {
    this.kept.clear();
    this.firstSeen.clear();
  }

  /**
   * Cache-Control of a successful GET: none for a logged-in caller (WordPress's no-cache headers are sent); private
   * and not stored for an answer made with a post password; else public, revalidated (or kept `s-maxage`).
   */
  cacheControl(loggedIn: boolean, withPassword: boolean): string | undefined {
    if (loggedIn) return undefined;
    if (withPassword) return 'private, no-store';
    const sMaxAge = this.options.sMaxAge ?? 0;
    return sMaxAge > 0 ? `public, max-age=0, s-maxage=${sMaxAge}` : 'public, no-cache';
  }
}

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value.join(',') : value);

/** If-None-Match: `*` or a list of entity tags, compared weakly (RFC 9110 §13.1.2). */
function matchesAny(list: string, tag: string): boolean {
  if (list.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return list.split(',').some((t) => bare(t) === bare(tag));
}
