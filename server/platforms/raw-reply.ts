/**
 * The OAuth flow answers browsers, not the console's request layer: HTML pages, redirects and
 * images instead of the {code,msg,data} envelope. A handler sends such a reply itself; the core sees
 * `reply.sent` and adds no envelope.
 */
import type { HandlerContext } from '../core/contract';
import { coreState } from '../core/state';

export function sendRaw(ctx: HandlerContext, status: number, contentType: string, body: string): null {
  ctx.reply.code(status).type(contentType).header('x-content-type-options', 'nosniff').send(body);
  return null;
}

/** Renders i18n keys in the request's locale, for pages the core does not wrap. */
export function translator(ctx: HandlerContext): (key: string, values?: Record<string, string | number>) => string {
  const { i18n } = coreState(ctx.req);
  return (key, values) => i18n.t(ctx.locale, key, values);
}
