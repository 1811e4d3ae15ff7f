import type { TestApp } from './test-app';
import { replayWp, type WpAnswer } from './wp-v2-answers';

/**
 * A recorded wp/v2 exchange and the service's answer to the same request, in one comparable form: the status, the
 * headers the recording kept (Content-Type, X-WP-Total, X-WP-TotalPages, Link, Allow, Location) and the body's bytes.
 */

export interface Exchange {
  status: number;
  headers: Record<string, string>;
  text: string;
}

const KEPT = ['content-type', 'x-wp-total', 'x-wp-totalpages', 'link', 'allow', 'location'];

export const recordedExchange = (x: WpAnswer): Exchange => ({ status: x.status, headers: x.headers, text: x.text });

export async function serviceExchange(t: TestApp, x: WpAnswer): Promise<Exchange> {
  const res = await replayWp(t, x);
  const headers: Record<string, string> = {};
  for (const name of KEPT) if (res.headers[name] !== undefined) headers[name] = String(res.headers[name]);
  return { status: res.status, headers, text: res.text };
}
