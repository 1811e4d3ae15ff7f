import type { RestError } from '../../http/errors';
import { removeStoredImage, type MediaSettings, type StoredImage } from '../../media/uploads';

/**
 * What a write's validation prepares for its transaction, carried with its arguments (WriteInput.prepared): the
 * arguments of inline venues and organizers, parsed once, and the images downloaded before the transaction, which
 * the write attaches, or discard() removes when the write does not happen.
 */

export type InlineArgs = { values: Record<string, unknown> } | { error: RestError };

export class WritePreparation {
  /** Inline linked-post data → its parsed arguments (keyed by the request's own objects). */
  readonly inline = new WeakMap<object, InlineArgs>();
  /** Image URL → the file downloaded for it. */
  readonly images = new Map<string, StoredImage>();

  /** `media`: where downloads go, and the time that names the uploads folder; without it image URLs are not fetched. */
  constructor(readonly media?: { settings: MediaSettings; now: Date }) {}

  /** Removes the downloaded images: the write failed or was refused, and no attachment names them. */
  async discard(): Promise<void> {
    if (!this.media) return;
    for (const stored of this.images.values()) await removeStoredImage(stored, this.media.settings);
    this.images.clear();
  }
}

/** A preparation for a write by this caller: downloads enabled when the app has an uploads folder. */
export function writePreparation(ctx: { media?: MediaSettings; now: Date }): WritePreparation {
  return new WritePreparation(ctx.media ? { settings: ctx.media, now: ctx.now } : undefined);
}
