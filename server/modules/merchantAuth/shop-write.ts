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
import { CODES } from '../../../src/schema';
import { HttpError, type HandlerContext } from '../../core/contract';
import { loadShop } from '../../platforms/shop-session';
import { checkMerchant, checkPlatform } from './authorize';
import { checkIds } from '../../core/ids';
import { shopDetail } from './shop-query';

export async function addShop(ctx: HandlerContext) {
  checkIds(ctx, { merchantId: 'merchantAuth.merchant' });
  const { merchantId, platform, name, platformShopId, remark } = ctx.input as Record<string, string | undefined>;
  checkPlatform(ctx, platform!);
  await checkMerchant(ctx, merchantId!);
  const cleanName = name!.trim();
  const cleanShopId = platformShopId!.trim();
  const id = ctx.nextId();
  await ctx.db.transaction(async (tx) => {
    const dup = await tx.query<{ name: string }>('SELECT name FROM shops WHERE platform = $1 AND platform_shop_id = $2', [platform, cleanShopId]);
    if (dup.rows[0]) throw new HttpError(409, CODES.CONFLICT, 'server.merchantAuth.shopExists', { name: dup.rows[0].name, shopId: cleanShopId });
    await tx.query(
      `INSERT INTO shops (id, merchant_id, platform, platform_shop_id, name, auth_status, remark, created_by)
       VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7)`,
      [id, merchantId, platform, cleanShopId, cleanName, remark?.trim() || null, ctx.user!.id],
    );
  });
  return shopDetail(ctx.db, String(id));
}

export async function unbindShop(ctx: HandlerContext) {
  const shop = await loadShop(ctx.db, ctx.input.id);
  if (shop.auth_status === 'unbound') throw new HttpError(409, CODES.CONFLICT, 'server.merchantAuth.alreadyUnbound', { shop: shop.name });
  const r = await ctx.db.query(
    `UPDATE shops SET auth_status = 'unbound', access_token = NULL, refresh_token = NULL, token_expires_at = NULL,
            unbound_at = now(), updated_at = now()
      WHERE id = $1 AND auth_status <> 'unbound'`,
    [shop.id],
  );
  if (!r.rowCount) throw new HttpError(409, CODES.CONFLICT, 'server.merchantAuth.alreadyUnbound', { shop: shop.name });
  return shopDetail(ctx.db, String(shop.id));
}
