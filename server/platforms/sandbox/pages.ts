/**
 * The few HTML pages of the OAuth flow: the sandbox platform's consent page and the console's
 * "authorisation finished" page shown in the popup window. Every string is an i18n key rendered in
 * the request locale; every interpolated value is HTML-escaped.
 */
/** Renders an i18n key in the page's locale (the core's i18n, bound to the request locale). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function layout(locale: string, title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:-apple-system,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;background:#f5f5f5;color:#1f1f1f}
.card{max-width:420px;margin:64px auto;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.08);padding:32px}
h1{font-size:20px;margin:0 0 16px}p{line-height:1.7;color:#595959}ul{color:#595959;line-height:1.8;padding-left:20px}
label{display:block;margin:16px 0 6px;font-weight:500}input[type=text]{box-sizing:border-box;width:100%;padding:8px 10px;border:1px solid #d9d9d9;border-radius:6px;font-size:14px}
.row{display:flex;gap:12px;margin-top:24px}.btn{flex:1;padding:9px 0;border-radius:6px;font-size:14px;text-align:center;text-decoration:none;cursor:pointer;border:1px solid #d9d9d9;background:#fff;color:#1f1f1f}
.primary{background:#722ed1;border-color:#722ed1;color:#fff}.ok{color:#389e0d}.err{color:#cf1322}.brand{color:#722ed1;font-weight:600;margin-bottom:8px}
</style></head><body><div class="card">${body}</div>${script}</body></html>`;
}

export interface ConsentPage {
  locale: string;
  translate: Translate;
  clientId: string;
  redirectUri: string;
  state: string;
  shop: string;
}

/** The sandbox platform's consent page: one click on "agree" grants access. */
export function consentPage(p: ConsentPage): string {
  const t = (key: string, values?: Record<string, string>) => escapeHtml(p.translate(key, values));
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const deny = new URL(p.redirectUri);
  deny.searchParams.set('error', 'access_denied');
  deny.searchParams.set('state', p.state);
  return layout(
    p.locale,
    p.translate('merchantAuth.sandbox.consentTitle'),
    `<div class="brand">${t('merchantAuth.sandbox.brand')}</div>
<h1>${t('merchantAuth.sandbox.consentTitle')}</h1>
<p>${t('merchantAuth.sandbox.consentText', { client: p.clientId })}</p>
<ul><li>${t('merchantAuth.sandbox.scopeShop')}</li><li>${t('merchantAuth.sandbox.scopeProducts')}</li><li>${t('merchantAuth.sandbox.scopeTrades')}</li></ul>
<form method="get" action="approve">
${hidden('clientId', p.clientId)}${hidden('redirectUri', p.redirectUri)}${hidden('state', p.state)}
<label for="shop">${t('merchantAuth.sandbox.shopAccount')}</label>
<input type="text" id="shop" name="shop" value="${escapeHtml(p.shop)}" pattern="[A-Za-z0-9_\\-]{3,32}" required>
<div class="row"><a class="btn" id="deny" href="${escapeHtml(deny.toString())}">${t('merchantAuth.sandbox.deny')}</a>
<button class="btn primary" id="approve" type="submit">${t('merchantAuth.sandbox.approve')}</button></div>
</form>`,
  );
}

export interface ResultPage {
  locale: string;
  translate: Translate;
  ok: boolean;
  /** i18n key of the message and its values */
  message: string;
  values?: Record<string, string | number>;
  shopId?: string;
}

/**
 * Shown in the popup after the callback. It tells the console window that opened it (same origin
 * only) so the shop list refreshes, then offers to close itself.
 */
export function resultPage(p: ResultPage): string {
  const t = (key: string, values?: Record<string, string | number>) => escapeHtml(p.translate(key, values));
  const payload = JSON.stringify({ type: 'merchantAuth:authorized', ok: p.ok, shopId: p.shopId ?? null }).replace(/</g, '\\u003c');
  const script = `<script>(function(){try{if(window.opener){window.opener.postMessage(${payload},window.location.origin)}}catch(e){}
document.getElementById('close').addEventListener('click',function(){window.close()});})();</script>`;
  return layout(
    p.locale,
    p.translate(p.ok ? 'merchantAuth.callback.successTitle' : 'merchantAuth.callback.failTitle'),
    `<h1 class="${p.ok ? 'ok' : 'err'}" id="result">${t(p.ok ? 'merchantAuth.callback.successTitle' : 'merchantAuth.callback.failTitle')}</h1>
<p id="message">${t(p.message, p.values)}</p>
<div class="row"><button class="btn primary" id="close" type="button">${t('merchantAuth.callback.close')}</button></div>`,
    script,
  );
}

const PALETTE = ['#1677ff', '#13c2c2', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#2f54eb', '#faad14'];

/** A square product thumbnail (SVG) showing the category; generated, so no user content is embedded unescaped. */
export function productImageSvg(category: string, seed: number): string {
  const color = PALETTE[seed % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
<rect width="240" height="240" rx="24" fill="${color}"/><circle cx="190" cy="50" r="70" fill="#fff" fill-opacity=".12"/>
<text x="120" y="138" font-size="44" font-weight="600" text-anchor="middle" fill="#fff" font-family="PingFang SC,Noto Sans CJK SC,Microsoft YaHei,sans-serif">${escapeHtml(category)}</text>
</svg>`;
}
