import path from 'node:path';
import express from 'express';

/**
 * A browsable view of OpenAPI documents: Swagger UI served from the swagger-ui-dist package installed with the
 * service (no CDN), pointed at the given document URLs. Mounted at API_BROWSER_PATH by createApp.
 */

export const API_BROWSER_PATH = '/api-docs';

export interface BrowsableDocument {
  name: string;
  /** URL of the document, relative to the browser page (`../wp-json/…/doc`). */
  url: string;
}

/** The files of swagger-ui-dist the page below loads (the initializer is written here). */
const ASSETS = ['swagger-ui.css', 'index.css', 'favicon-32x32.png', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js'];

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<title>API documentation</title>
<link rel="stylesheet" type="text/css" href="./swagger-ui.css">
<link rel="stylesheet" type="text/css" href="./index.css">
<link rel="icon" type="image/png" href="./favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="./swagger-ui-bundle.js" charset="UTF-8"></script>
<script src="./swagger-ui-standalone-preset.js" charset="UTF-8"></script>
<script src="./swagger-initializer.js" charset="UTF-8"></script>
</body>
</html>
`;

function initializer(documents: readonly BrowsableDocument[]): string {
  // JSON inside a script: `<` escaped so no value can close the script element.
  const urls = JSON.stringify(documents).replace(/</g, '\\u003c');
  return `window.onload = function () {
  window.ui = SwaggerUIBundle({
    urls: ${urls},
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: 'StandaloneLayout',
  });
};
`;
}

export function apiBrowser(documents: readonly BrowsableDocument[]): express.Router {
  const router = express.Router();
  const dist = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  const script = initializer(documents);
  const page: express.RequestHandler = (req, res) => {
    // The page loads its assets relatively: without the trailing slash they would resolve one level up.
    if (!req.originalUrl.split('?')[0]!.endsWith('/') && req.path === '/') return res.redirect(301, `${req.baseUrl}/`);
    res.type('html').send(PAGE);
  };
  router.get('/', page);
  router.get('/index.html', page);
  router.get('/swagger-initializer.js', (_req, res) => {
    res.type('application/javascript').send(script);
  });
  // Only what the page loads: not the package's package.json, README, source maps or other pages.
  // A file that cannot be sent before its headers went out answers as a missing one; after them, the client left.
  for (const asset of ASSETS) router.get(`/${asset}`, (_req, res, next) => res.sendFile(path.join(dist, asset), (err) => err && !res.headersSent && next()));
  return router;
}
