/**
 * Security headers for everything the server answers, and the console's Content-Security-Policy.
 *
 * - Every response: `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`,
 *   `Referrer-Policy: same-origin`, and `Strict-Transport-Security` when the request came over TLS
 *   (directly, or `X-Forwarded-Proto: https` behind a trusted proxy, TRUST_PROXY). A header a route
 *   set itself (uploads have their own CSP) is kept.
 * - The console's HTML (index.html, rendered per response by `renderConsole`): a strict CSP. Scripts
 *   only from this origin plus the inline scripts index.html holds, allowed by their SHA-256 (computed
 *   here from the built file, whatever the build put there); no 'unsafe-inline' or 'unsafe-eval' for
 *   scripts. `<style>` elements need this response's nonce: the server stamps it on the ones in
 *   index.html and in `<meta property="csp-nonce">`, where the app reads it for antd's CSS-in-JS
 *   (ConfigProvider `csp`) and every style element it creates (src/shell/csp-nonce.ts). Style
 *   *attributes* are allowed (`style-src-attr 'unsafe-inline'`): they cannot hold selectors, so none
 *   of the CSS-injection tricks that read a page need them, and several antd parts set them. Violations are reported to `/api/public/csp-report` and logged.
 *
 * @example
 * registerSecurityHeaders(app);
 * const page = consolePage(readFileSync('dist/index.html', 'utf8'));
 * reply.header('content-security-policy', page.policy(nonce)).send(page.html(nonce));
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const CSP_REPORT_PATH = '/api/public/csp-report';

const HSTS = 'max-age=31536000; includeSubDomains';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const set = (name: string, value: string) => {
      if (!reply.hasHeader(name)) reply.header(name, value);
    };
    set('x-content-type-options', 'nosniff');
    set('x-frame-options', 'DENY');
    set('referrer-policy', 'same-origin');
    if (req.protocol === 'https') set('strict-transport-security', HSTS);
    return payload;
  });
  // Browsers post violation reports here (report-uri: application/csp-report; Reporting API: application/reports+json).
  for (const type of ['application/csp-report', 'application/reports+json']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, String(body)));
  }
  app.post(CSP_REPORT_PATH, async (req, reply) => {
    req.log.warn({ report: typeof req.body === 'string' ? req.body.slice(0, 4000) : req.body }, 'content security policy violation');
    return reply.code(204).send();
  });
}

/** A fresh nonce per response (128 bits). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

export interface ConsolePage {
  html(nonce: string): string;
  policy(nonce: string): string;
}

/** Inline scripts the browser would run: no src, and no type or a JavaScript one (JSON data blocks do not run). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const RUNS = (attrs: string) => {
  if (/\bsrc\s*=/i.test(attrs)) return false;
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
  return !type || type === 'module' || type === 'text/javascript' || type === 'application/javascript';
};

export function consolePage(indexHtml: string): ConsolePage {
  const hashes = new Set<string>();
  for (const m of indexHtml.matchAll(INLINE_SCRIPT)) {
    if (RUNS(m[1])) hashes.add(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  const scripts = ["'self'", ...hashes].join(' ');
  // Split so the nonce goes in with two string joins per response.
  const withMeta = indexHtml.replace(/<head([^>]*)>/i, '<head$1>\n    <meta property="csp-nonce" nonce="\0">');
  const parts = withMeta.replace(/<style\b(?![^>]*\bnonce=)/gi, '<style nonce="\0"').split('\0');
  return {
    html: (nonce) => parts.join(nonce),
    policy: (nonce) =>
      [
        "default-src 'self'",
        `script-src ${scripts}`,
        `style-src 'self' 'nonce-${nonce}'`,
        `style-src-elem 'self' 'nonce-${nonce}'`,
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data: blob: https:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        `report-uri ${CSP_REPORT_PATH}`,
      ].join('; '),
  };
}

/** Sends the console's index.html with a fresh nonce and its policy; never cached. */
export function sendConsole(page: ConsolePage, _req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const nonce = newNonce();
  return reply
    .code(200)
    .header('cache-control', 'no-cache')
    .header('content-security-policy', page.policy(nonce))
    .type('text/html; charset=utf-8')
    .send(page.html(nonce));
}
