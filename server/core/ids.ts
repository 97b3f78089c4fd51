/**
 * "ref" and "dict" parameters are validated by the schema as option values, not as ids; where they
 * stand for a 64-bit id, this refuses anything but digits before it reaches SQL, naming the field.
 *
 * @example
 * checkIds(ctx, { merchantId: 'merchantAuth.merchant' }); // 400 "所属商户 不是有效的编号" for "abc"
 */
import { BIGINT_PATTERN, CODES } from '../../src/schema';
import { HttpError, type HandlerContext } from './contract';
import { coreState } from './state';

const ID = new RegExp(BIGINT_PATTERN);

export function checkIds(ctx: HandlerContext, fields: Record<string, string>): void {
  for (const [name, titleKey] of Object.entries(fields)) {
    const v = ctx.input[name];
    if (v === undefined || v === null || v === '') continue;
    if (!ID.test(String(v))) {
      const field = coreState(ctx.req).i18n.t(ctx.locale, titleKey);
      throw new HttpError(400, CODES.BAD_REQUEST, 'server.validation.id', { field });
    }
  }
}
