#!/usr/bin/env node
// A tiny static file server for the built site in dist/ (no dependencies).
//
//   node scripts/serve.mjs [PORT]      (or PORT=8080 node scripts/serve.mjs; 0 picks a free port)
//
// Binds 127.0.0.1 (HOST overrides), prints the URL, and serves only files inside dist/:
// paths that leave it (../, encoded or not, or symlinks pointing outside) get 404.

import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT_ARG = process.env.SERVE_ROOT || join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const portArg = process.argv[2] ?? process.env.PORT ?? '8080';
const HOST = process.env.HOST || '127.0.0.1';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

const port = Number(portArg);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`serve: bad port ${JSON.stringify(portArg)}`);
  process.exit(2);
}

let root;
try {
  root = await realpath(resolve(ROOT_ARG));
  if (!(await stat(root)).isDirectory()) throw new Error('not a directory');
} catch {
  console.error(`serve: ${resolve(ROOT_ARG)} does not exist; build the site first (trunk build --release)`);
  process.exit(1);
}

function inside(path) {
  return path === root || path.startsWith(root + sep);
}

/// The file a request path names, or null when it is not a readable file inside the root.
async function lookup(urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  let path = resolve(root, '.' + (decoded.startsWith('/') ? decoded : '/' + decoded));
  if (!inside(path)) return null;
  try {
    let info = await stat(path);
    if (info.isDirectory()) {
      path = join(path, 'index.html');
      info = await stat(path);
    }
    if (!info.isFile()) return null;
    const real = await realpath(path);
    if (!inside(real)) return null;
    return { path: real, size: info.size };
  } catch {
    return null;
  }
}

const server = createServer(async (req, res) => {
  const send = (status, text, extra = {}) => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...extra });
    res.end(req.method === 'HEAD' ? undefined : text);
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(405, 'method not allowed\n', { allow: 'GET, HEAD' });
    return;
  }
  let urlPath;
  try {
    urlPath = new URL(req.url, 'http://localhost').pathname;
  } catch {
    send(400, 'bad request\n');
    return;
  }
  const file = await lookup(urlPath);
  if (!file) {
    send(404, 'not found\n');
    return;
  }
  res.writeHead(200, {
    'content-type': TYPES[extname(file.path).toLowerCase()] || 'application/octet-stream',
    'content-length': file.size,
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file.path);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
});

server.on('error', (err) => {
  console.error(`serve: ${err.message}`);
  process.exit(1);
});

server.listen(port, HOST, () => {
  const { port: actual } = server.address();
  const host = HOST.includes(':') ? `[${HOST}]` : HOST;
  console.log(`Serving ${root} at http://${host}:${actual}/`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => process.exit(0));
}
