import { useState } from 'react';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSWRConfig } from 'swr';
import { IconHeartHandshake } from '@tabler/icons-react';
import { ApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePublicConfig } from '@/lib/public-config';
import { useSession } from '@/lib/session';
import { reloadPagedList } from '@/lib/use-paged-list';
import type { PortOnePayResponse } from '@/lib/portone';
import { confirm } from '@/components/feedback/notify';
import { t } from '@/messages';
import { DONATION_TOTALS_KEY, MY_DONATIONS_KEY, prepareDonation, recordDonation } from '../api';
import { formatWon, newMerchantUid } from '../amount';
import AmountModal from './AmountModal';
import TestCheckoutModal, { type TestOrder } from './TestCheckoutModal';

function askToLogIn() {
  // The notification lives outside the router, so the link is a plain page link.
  notifications.show({
    color: 'blue',
    autoClose: 6000,
    message: (
      <Group gap="xs">
        <Text size="sm">{t('donate.loginRequired')}</Text>
        <Anchor href="/login" size="sm" fw={600}>
          {t('donate.loginLink')}
        </Anchor>
      </Group>
    ),
  });
}

/** What a failed server call during the donation means to the member (spec §8 Donation and adoption). */
function serverFailure(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 401) return t('donate.loginRequired');
    if (err.code === 'DONATION_ALREADY_RECORDED') return t('donate.already');
    // Never "try again": the payment may already be recorded, a second one would be a second charge.
    if (err.code === 'PAYMENT_STATE_UNKNOWN') return t('donate.stateUnknown');
    if (err.reason === 'DONATION_TARGET_UNRESOLVED') return t('donate.targetUnresolved');
    if (err.code === 'PAYMENT_NOT_VERIFIED') return t('donate.notVerified');
    if (err.code === 'NOT_FOUND') return t('donate.strayGone');
  }
  return t('donate.serverFailed');
}

interface Props {
  stray: { id: number; name: string };
}

/**
 * The donate button of an adopt card and its whole flow: login, amount,
 * confirmation, prepare on the server, payment (PortOne's window, or the
 * embedded test-payment checkout), then the record the server verifies.
 */
export default function DonateButton({ stray }: Props) {
  const { user } = useSession();
  const { config } = usePublicConfig();
  const { mutate } = useSWRConfig();
  const [askingAmount, setAskingAmount] = useState(false);
  const [testOrder, setTestOrder] = useState<TestOrder | null>(null);
  const [busy, setBusy] = useState(false);

  const start = () => {
    if (!user) {
      askToLogIn();
      return;
    }
    setAskingAmount(true);
  };

  const finish = async (rsp: PortOnePayResponse, merchantUid: string, amount: number) => {
    setTestOrder(null);
    try {
      const { isPaid } = await import('@/lib/portone');
      if (!isPaid(rsp) || !rsp.imp_uid) {
        notifyError(rsp.error_msg ? t('donate.payFailed', { reason: rsp.error_msg }) : t('donate.payFailedUnknown'));
        return;
      }
      await recordDonation({ impUid: rsp.imp_uid, merchantUid, amount, paymentMethod: 'card', abandonedPetId: stray.id });
      notifySuccess(t('donate.success', { name: stray.name, amount: formatWon(amount) }));
    } catch (err) {
      notifyError(serverFailure(err));
    } finally {
      setBusy(false);
      reloadPagedList(MY_DONATIONS_KEY);
      void mutate(DONATION_TOTALS_KEY);
    }
  };

  const pay = async (amount: number) => {
    setAskingAmount(false);
    const ok = await confirm({
      title: t('donate.confirm.title'),
      body: t('donate.confirm.body', { name: stray.name, amount: formatWon(amount) }),
      confirmLabel: t('donate.confirm.ok'),
    });
    if (!ok || !user) return;
    if (!config) {
      notifyError(t('donate.sdkMissing'));
      return;
    }
    setBusy(true);
    const merchantUid = newMerchantUid();
    try {
      await prepareDonation({ merchantUid, amount, abandonedPetId: stray.id });
    } catch (err) {
      setBusy(false);
      notifyError(serverFailure(err));
      return;
    }
    const order = {
      merchantUid,
      amount,
      name: t('donate.orderName', { name: stray.name }),
      buyerName: user.displayName,
      buyerEmail: user.email,
    };
    if (config.payments.mode === 'test' || !config.payments.merchantCode) {
      setTestOrder(order);
      return;
    }
    // The payment module loads when a member pays, not with the adopt list (check:budget).
    const portone = await import('@/lib/portone');
    let imp;
    try {
      imp = await portone.loadPortOne();
    } catch {
      setBusy(false);
      notifyError(t('donate.sdkMissing'));
      return;
    }
    imp.init(config.payments.merchantCode);
    const rsp = await portone.requestPay(imp, {
      pay_method: 'card',
      merchant_uid: merchantUid,
      amount,
      name: order.name,
      ...(user.email ? { buyer_email: user.email } : {}),
      buyer_name: user.displayName,
    });
    await finish(rsp, merchantUid, amount);
  };

  return (
    <>
      <Button
        variant="light"
        color="pink"
        fullWidth
        mih={44}
        leftSection={<IconHeartHandshake size={18} aria-hidden />}
        loading={busy}
        onClick={start}
        aria-label={t('donate.buttonFor', { name: stray.name })}
      >
        {t('donate.button')}
      </Button>
      <AmountModal
        opened={askingAmount}
        strayName={stray.name}
        onClose={() => setAskingAmount(false)}
        onSubmit={(amount) => void pay(amount)}
      />
      {testOrder && <TestCheckoutModal order={testOrder} onResult={(rsp) => void finish(rsp, testOrder.merchantUid, testOrder.amount)} />}
    </>
  );
}
