import { realpath } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import express from 'express';
import { isInside } from './uploads';

/**
 * The uploads folder served where WordPress serves it (/wp-content/uploads/): its files and nothing else (no index,
 * no dotfiles), and never a file a symbolic link under the folder leads to outside it.
 */

export function serveUploads(uploadsDir: string): express.Router {
  const router = express.Router();
  router.use((req, _res, next) => {
    // What send() would open, resolved through every link: outside the folder, the request is not the folder's.
    const path = ((): string | undefined => {
      try {
        return decodeURIComponent(req.path);
      } catch {
        return undefined;
      }
    })();
    if (path === undefined || path.includes('\0')) return next();
    Promise.all([realpath(uploadsDir), realpath(join(uploadsDir, normalize(path)))])
      .then(([root, real]) => next(isInside(root, real) ? undefined : 'router'))
      // A file that is not there (or a folder that cannot be read): the static handler answers as it would.
      .catch(() => next());
  });
  router.use(express.static(uploadsDir, { index: false, dotfiles: 'ignore', fallthrough: true }));
  return router;
}
