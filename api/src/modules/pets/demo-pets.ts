import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import type { PetRegisterRequest } from '@pawbridge/shared';
import type { ApiContext } from '../../context';
import type { SeedUsers } from '../../scripts/seed-data';
import { PetsService } from './pets.service';

const DEMO_PETS: { pet: PetRegisterRequest; fur: string; ear: string; bg: string }[] = [
  {
    pet: { name: '콩이', type: '말티즈', weight: 3.2, age: 4, size: 'SMALL', gender: 'FEMALE', adopt: false, petId: '410-2023-00123' },
    fur: '#fbf7f0',
    ear: '#e9dfd0',
    bg: '#f6c89f',
  },
  {
    pet: { name: '하루', type: '진돗개', weight: 15.4, age: 2, size: 'MEDIUM', gender: 'NEUTER', adopt: true, petId: '410-2024-00456' },
    fur: '#d9a066',
    ear: '#b97a3f',
    bg: '#9fd3c7',
  },
];

/** A drawn dog face (no network, no stock photos): ears, head, eyes, nose, tongue. */
function dogPortrait(fur: string, ear: string, bg: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480">
  <rect width="640" height="480" fill="${bg}"/>
  <ellipse cx="205" cy="190" rx="70" ry="120" fill="${ear}" transform="rotate(20 205 190)"/>
  <ellipse cx="435" cy="190" rx="70" ry="120" fill="${ear}" transform="rotate(-20 435 190)"/>
  <ellipse cx="320" cy="260" rx="160" ry="150" fill="${fur}"/>
  <ellipse cx="320" cy="330" rx="90" ry="70" fill="#fffaf3"/>
  <circle cx="262" cy="235" r="18" fill="#2b2118"/><circle cx="378" cy="235" r="18" fill="#2b2118"/>
  <circle cx="268" cy="229" r="5" fill="#fff"/><circle cx="384" cy="229" r="5" fill="#fff"/>
  <ellipse cx="320" cy="300" rx="30" ry="22" fill="#2b2118"/>
  <path d="M320 322 v18 M290 345 q30 25 60 0" stroke="#2b2118" stroke-width="6" fill="none" stroke-linecap="round"/>
  <ellipse cx="320" cy="372" rx="16" ry="20" fill="#ec7d8a"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

/** Two dogs for the demo member, each with a photo; skipped when already there (idempotent). */
export async function seedDemoPets(ctx: ApiContext, log: FastifyBaseLogger, users: SeedUsers): Promise<void> {
  const service = new PetsService(ctx, log);
  const existing = new Set((await service.list(users.demoPk, undefined)).rows.map((p) => p.petId));
  for (const demo of DEMO_PETS) {
    if (existing.has(demo.pet.petId)) continue;
    await service.register(users.demoPk, demo.pet, await dogPortrait(demo.fur, demo.ear, demo.bg));
  }
}
