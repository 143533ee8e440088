import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import type { PortOnePayResponse } from '@/lib/portone';
import { InfoLine } from '@/components/InfoLine';
import { t } from '@/messages';
import { testCheckout } from '../api';
import { formatWon } from '../amount';

export interface TestOrder {
  merchantUid: string;
  amount: number;
  name: string;
  buyerName: string;
  buyerEmail: string | null;
}

interface Props {
  order: TestOrder;
  /** Called once, shaped like IMP.request_pay's answer. */
  onResult: (rsp: PortOnePayResponse) => void;
}

/**
 * The embedded test gateway's checkout, in place of PortOne's payment window
 * when the deployment has no PortOne merchant: clearly marked, no money moves.
 */
export default function TestCheckoutModal({ order, onResult }: Props) {
  const [sending, setSending] = useState<'paid' | 'failed' | null>(null);

  const choose = async (outcome: 'paid' | 'failed') => {
    setSending(outcome);
    try {
      const r = await testCheckout({ merchantUid: order.merchantUid, amount: order.amount, outcome });
      onResult({ success: r.success, imp_uid: r.imp_uid, merchant_uid: r.merchant_uid, error_msg: r.error_msg });
    } catch {
      onResult({ success: false, merchant_uid: order.merchantUid, error_msg: null });
    }
  };

  return (
    <Modal
      opened
      onClose={() => onResult({ success: false, merchant_uid: order.merchantUid, error_msg: t('donate.test.cancelled') })}
      title={
        <Group gap="xs">
          <Badge color="orange" variant="filled" leftSection={<IconFlask size={14} aria-hidden />}>
            {t('donate.test.title')}
          </Badge>
        </Group>
      }
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('donations.close') }}
    >
      <Stack gap="md">
        <Alert color="orange" variant="light">
          {t('donate.test.notice')}
        </Alert>
        <Stack gap={4}>
          <InfoLine label={t('donate.test.order')} value={order.name} labelWidth={72} />
          <InfoLine label={t('donate.test.amount')} value={t('donations.amount', { amount: formatWon(order.amount) })} labelWidth={72} />
          <InfoLine
            label={t('donate.test.buyer')}
            value={order.buyerEmail ? `${order.buyerName} (${order.buyerEmail})` : order.buyerName}
            labelWidth={72}
          />
        </Stack>
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            color="red"
            loading={sending === 'failed'}
            disabled={sending !== null}
            onClick={() => void choose('failed')}
          >
            {t('donate.test.fail')}
          </Button>
          <Button color="teal" loading={sending === 'paid'} disabled={sending !== null} onClick={() => void choose('paid')}>
            {t('donate.test.approve')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
