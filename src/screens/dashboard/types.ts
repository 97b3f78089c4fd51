/** The data of GET /analytics/performance (server/modules/analytics/README.md). Money is a decimal string. */
export interface Change<T> {
  value: T;
  previous: T;
  /** money and counts: (value − previous) / previous, null when previous is 0; rates: value − previous */
  change: number | null;
}

export interface Performance {
  range: { dateFrom: string; dateTo: string; days: number; previousFrom: string; previousTo: string; granularity: 'day' | 'week' | 'month' };
  summary: {
    orders: Change<number>;
    gmv: Change<string>;
    refunded: Change<string>;
    net: Change<string>;
    settled: Change<string>;
    pendingSettlement: Change<string>;
    avgTicket: Change<string>;
    assignmentRate: Change<number>;
    completionRate: Change<number>;
  };
  trend: { bucket: string; orders: number; gmv: string; refunded: string }[];
  byStatus: { status: string; orders: number; gmv: string }[];
  byPlatform: { platform: string; orders: number; gmv: string }[];
  topStores: {
    rank: number;
    storeId: string;
    storeName: string;
    merchantName: string;
    orders: number;
    completed: number;
    completionRate: number;
    settledAmount: string;
  }[];
}

export interface Filters {
  dateFrom: string;
  dateTo: string;
  merchantId?: string;
  storeId?: string;
  granularity: 'day' | 'week' | 'month';
}
