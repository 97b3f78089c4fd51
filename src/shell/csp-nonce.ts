/**
 * The console runs under a Content-Security-Policy whose `style-src` admits `<style>` elements only
 * with this response's nonce (server/core/security-headers.ts). The server puts the nonce in
 * `<meta property="csp-nonce" nonce="…">`; antd's CSS-in-JS gets it through ConfigProvider `csp`, and
 * `installCspNonce()` stamps it on every `<style>` element a script creates — several libraries
 * (rc-util's scroll locker and scrollbar measure, used by drawers and modals) create them without a
 * nonce option. Markup injected into the page (the attack the nonce stops) never goes through
 * createElement, so it stays refused.
 *
 * @example
 * installCspNonce();            // first thing in the entry
 * <ConfigProvider csp={{ nonce: cspNonce() }}>
 */
let nonce: string | undefined;

/** This page's CSP nonce, or undefined (dev server, tests: no policy). */
export function cspNonce(): string | undefined {
  if (nonce === undefined && typeof document !== 'undefined') {
    // the nonce *property*: browsers hide the attribute's value once the page has loaded
    nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || '';
  }
  return nonce || undefined;
}

export function installCspNonce(): void {
  const value = cspNonce();
  if (!value) return;
  const create = Document.prototype.createElement;
  Document.prototype.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
    const el = create.call(this, tagName, options);
    if (el instanceof HTMLStyleElement) el.nonce = value;
    return el;
  } as typeof Document.prototype.createElement;
}
