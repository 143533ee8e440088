import type { ColumnType, Generated } from 'kysely';

export interface DonationOrdersTable {
  merchantUid: string;
  donorPk: number;
  strayId: number;
  amount: number;
  createdAt: ColumnType<Date, never, never>;
}

export interface DonationsTable {
  id: Generated<number>;
  impUid: string;
  merchantUid: string;
  donorPk: number | null;
  donorLoginId: string;
  strayId: number | null;
  amount: number;
  paymentMethod: string;
  gateway: 'portone' | 'test';
  status: ColumnType<'PAID' | 'CANCELLED', 'PAID' | 'CANCELLED' | undefined, 'PAID' | 'CANCELLED'>;
  donatedAt: ColumnType<Date, never, never>;
}

export interface DonationsTables {
  donationOrders: DonationOrdersTable;
  donations: DonationsTable;
}
