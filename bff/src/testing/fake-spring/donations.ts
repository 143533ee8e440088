import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { currentUser, springText, type FakeDomain } from './wire';

/** The legacy `donation` row (legacy-contract §13): user_name and abandoned_pet_id are whatever the client sent. */
export interface FakeDonation {
  id: number;
  impUid: string;
  merchantUid: string;
  userName: string;
  amount: number;
  paymentMethod: string;
  abandonedPetId: number;
  /** Local date-time without offset (legacy-contract §14.9). */
  donatedAt: string;
}

declare module './wire' {
  interface FakeSpringState {
    donations: FakeDonation[];
    /** What "Iamport" knows, by imp_uid (legacy-contract §10). */
    iamportPayments: Map<string, { status: string; amount: number }>;
  }
}

async function fields(request: FastifyRequest): Promise<Record<string, string>> {
  const out: Record<string, string> = { ...(request.query as Record<string, string>) };
  if (request.isMultipart()) for await (const part of request.parts()) if (part.type === 'field') out[part.fieldname] = String(part.value);
  return out;
}

/** AbandonedPetController's donation routes (legacy-contract §3.2) with their holes: no auth, no replay guard, client userName. */
export const donationsFake: FakeDomain = (app, state) => {
  state.donations = [];
  state.iamportPayments = new Map();
  let nextId = 1;

  void app.register(async (sub) => {
    await sub.register(multipart);
    // @ModelAttribute: query or form fields; the {imp_uid} segment binds to nothing.
    sub.post('/api/abandoned/donation/:impUid', async (request, reply) => {
      const f = await fields(request);
      const payment = state.iamportPayments.get(f.impUid ?? '');
      if (!payment) return springText(request, reply, 500, '결제 검증 중 오류가 생겼습니다.');
      if (payment.status !== 'paid') return springText(request, reply, 400, '후원 결제가 완료되지 않았습니다.');
      if (payment.amount !== Number(f.amount)) return springText(request, reply, 400, '결제 금액이 일치하지 않습니다.');
      state.donations.push({
        id: nextId++,
        impUid: f.impUid ?? '',
        merchantUid: f.merchantUid ?? '',
        userName: f.userName ?? '',
        amount: Number(f.amount),
        paymentMethod: f.paymentMethod ?? '',
        abandonedPetId: Number(f.abandonedPetId),
        donatedAt: new Date().toISOString().slice(0, 19),
      });
      return springText(request, reply, 200, '후원 결제가 성공적으로 저장되었습니다.');
    });
  });

  // Anonymous → no login id → matches nothing → []. Inner join on AbandonedPet id.
  app.get('/api/abandoned/donation/my-donations', async (request) => {
    const me = currentUser(request, state);
    return state.donations
      .filter((d) => me !== null && d.userName === me)
      .flatMap((d) => {
        const pet = state.abandonedPets.find((p) => p.id === d.abandonedPetId);
        const form = pet ? state.strayForms.find((s) => s.id === pet.formId) : undefined;
        return pet && form
          ? [
              {
                donationId: d.id,
                amount: d.amount,
                donatedAt: d.donatedAt,
                status: form.status,
                petId: pet.id,
                type: form.type,
                imageUrl: form.imageUrl,
              },
            ]
          : [];
      });
  });
};
