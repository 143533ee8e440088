import type { ColumnType, Generated } from 'kysely';
import type { PetGender, PetSize } from '@pawbridge/shared';

export interface PetsTable {
  id: Generated<number>;
  userPk: number;
  /** The registration number (unique per owner). */
  petId: string;
  name: string;
  type: string;
  weight: number;
  age: number;
  size: PetSize;
  gender: PetGender;
  adopt: boolean;
  /** `/uploads/<key>` or null. */
  profile: string | null;
  createdAt: ColumnType<Date, never, never>;
}

export interface PetsTables {
  pets: PetsTable;
}
