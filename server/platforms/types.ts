/**
 * The platform adapter interface: everything the console needs from an e-commerce platform
 * (OAuth authorisation, shop info, paged products, paged trades). A real platform is added by
 * writing one adapter and registering it in registry.ts; the modules never see platform specifics.
 *
 * Money travels as decimal strings ("199.00"), times as Date, ids as the platform's own strings.
 */

/** Where the running server can be reached: by the user's browser and by the server itself. */
export interface PlatformEnv {
  /** origin the browser used for this request, e.g. "https://console.example.com" */
  publicBaseUrl: string;
  /** origin for server-to-server calls to endpoints this server serves (loopback), e.g. "http://127.0.0.1:8000" */
  loopbackBaseUrl: string;
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
  /** the platform's id of the shop that granted the authorisation */
  platformShopId: string;
}

export interface ShopInfo {
  platformShopId: string;
  name: string;
}

export interface PlatformSku {
  platformSkuId: string;
  name: string;
  price: string;
  stock: number;
  enabled: boolean;
}

export interface PlatformProduct {
  platformProductId: string;
  title: string;
  imageUrl: string | null;
  category: string | null;
  status: 'on_sale' | 'off_sale';
  /** lowest SKU price, as the platform shows it */
  price: string;
  skus: PlatformSku[];
}

/**
 * One paid trade line. Platforms whose trades hold several lines split them, giving each line the
 * trade number `${tid}-${oid}`, so one console order maps to exactly one (platform, tradeNo).
 */
export interface PlatformTrade {
  tradeNo: string;
  createdAt: Date;
  paidAt: Date;
  buyerName: string;
  buyerPhone: string;
  /** GB/T 2260 six-digit codes */
  province: string;
  city: string | null;
  district: string | null;
  address: string;
  platformProductId: string;
  platformSkuId: string | null;
  title: string;
  skuName: string | null;
  quantity: number;
  /** what the buyer paid for the line */
  payment: string;
  buyerMessage: string | null;
}

export interface PageRequest {
  /** 1-based */
  page: number;
  pageSize: number;
}

export interface PageResult<T> {
  items: T[];
  total: number;
}

export interface TimeRange {
  /** inclusive */
  start: Date;
  /** exclusive */
  end: Date;
}

export interface PlatformAdapter {
  readonly platform: string;
  /** The URL the merchant opens to grant access; the platform redirects back to redirectUri with code and state. */
  authorizeUrl(state: string, redirectUri: string, options?: { shopHint?: string }): string;
  exchangeCode(code: string, redirectUri: string): Promise<TokenSet>;
  refresh(refreshToken: string): Promise<TokenSet>;
  shopInfo(accessToken: string): Promise<ShopInfo>;
  listProducts(accessToken: string, page: PageRequest): Promise<PageResult<PlatformProduct>>;
  /** One product with its SKUs, or null when the platform no longer has it. */
  getProduct(accessToken: string, platformProductId: string): Promise<PlatformProduct | null>;
  /** Paid trades created in the range, oldest first. */
  listTrades(accessToken: string, range: TimeRange, page: PageRequest): Promise<PageResult<PlatformTrade>>;
}

export type AdapterFactory = (env: PlatformEnv) => PlatformAdapter;

/**
 * A failure reported by a platform. `kind` lets callers react: an invalid grant means the shop
 * must be authorised again; anything else is reported and retried later.
 */
export class PlatformError extends Error {
  constructor(
    public readonly kind: 'invalid_grant' | 'invalid_token' | 'not_found' | 'bad_request' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}
