/**
 * Changing shops by hand.
 *
 * POST /merchantAuth/add registers a shop for a merchant without OAuth: the merchant names the
 * platform and the shop's id there. The shop is 'pending' until it is authorised (row action
 * "re-authorise", for platforms with an adapter; the platform must then confirm that very shop id).
 * Until then it appears in the shop dictionary, so orders can be entered by hand against it, but
 * nothing is synced or imported from it.
 *
 * GET /merchantAuth/unbind marks a shop 'unbound' and forgets its tokens; its products, orders and
 * import history stay. Authorising it again (same merchant) brings it back.
 */
import type { MerchantAuthAddInput, MerchantAuthUnbindInput } from '../../../src/generated/types';
import type { HandlerContext } from '../../core/contract';
import { conflict } from '../../core/http-errors';
import { loadShop } from '../../platforms/shop-session';
import { checkMerchant, checkPlatform } from './authorize';
import { checkIds } from '../../core/ids';
import { shopDetail } from './shop-query';
import { shops } from './shop-resource';

export async function addShop(ctx: HandlerContext<MerchantAuthAddInput>) {
  checkIds(ctx, { merchantId: 'merchantAuth.merchant' });
  const { merchantId, platform } = ctx.input;
  checkPlatform(platform);
  await checkMerchant(ctx, merchantId);
  const input = { ...ctx.input, name: ctx.input.name.trim(), platformShopId: ctx.input.platformShopId.trim(), remark: ctx.input.remark?.trim() || null };
  const created = await ctx.db.transaction(async (tx) => {
    const dup = await tx.query<{ name: string }>('SELECT name FROM shops WHERE platform = $1 AND platform_shop_id = $2', [platform, input.platformShopId]);
    if (dup.rows[0]) throw conflict('server.merchantAuth.shopExists', { name: dup.rows[0].name, shopId: input.platformShopId });
    return shops.create(tx, input, ctx.nextId, { auth_status: 'pending', created_by: ctx.user!.id });
  });
  return shopDetail(ctx.db, String(created.id));
}

export async function unbindShop(ctx: HandlerContext<MerchantAuthUnbindInput>) {
  const shop = await loadShop(ctx.db, ctx.input.id);
  if (shop.auth_status === 'unbound') throw conflict('server.merchantAuth.alreadyUnbound', { shop: shop.name });
  const r = await ctx.db.query(
    `UPDATE shops SET auth_status = 'unbound', access_token = NULL, refresh_token = NULL, token_expires_at = NULL,
            unbound_at = now(), updated_at = now()
      WHERE id = $1 AND auth_status <> 'unbound'`,
    [shop.id],
  );
  if (!r.rowCount) throw conflict('server.merchantAuth.alreadyUnbound', { shop: shop.name });
  return shopDetail(ctx.db, String(shop.id));
}
