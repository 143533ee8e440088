import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { DONATION_LIMITS } from '@pawbridge/shared';
import { t } from '@/messages';
import { amountProblem, formatWon } from '../amount';

interface Props {
  opened: boolean;
  strayName: string;
  onClose: () => void;
  onSubmit: (amount: number) => void;
}

/** Asks how much, in won: a number input and the usual choices (spec §5: more than 0). */
export default function AmountModal({ opened, strayName, onClose, onSubmit }: Props) {
  const [value, setValue] = useState<number | string>(DONATION_LIMITS.quickAmounts[1]);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = amountProblem(value);
    if (problem) {
      setError(t(problem, { max: formatWon(DONATION_LIMITS.maxAmount) }));
      return;
    }
    setError(null);
    onSubmit(value as number);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('donate.modal.title', { name: strayName })}
      centered
      closeButtonProps={{ 'aria-label': t('donations.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NumberInput
            label={t('donate.amount.label')}
            description={t('donate.amount.description')}
            value={value}
            onChange={(v) => {
              setValue(v);
              setError(null);
            }}
            error={error}
            thousandSeparator=","
            allowDecimal={false}
            suffix={t('donate.amount.suffix')}
            inputMode="numeric"
            // No 16 px steppers (issue 25 item 6): the quick amounts below and the number pad do it.
            hideControls
            data-autofocus
          />
          <div role="group" aria-label={t('donate.amount.quickGroup')}>
            <Text size="sm" fw={500} mb={6} aria-hidden>
              {t('donate.amount.quickGroup')}
            </Text>
            <Group gap="xs" grow>
              {DONATION_LIMITS.quickAmounts.map((amount) => (
                <Button
                  key={amount}
                  type="button"
                  variant={value === amount ? 'filled' : 'default'}
                  aria-pressed={value === amount}
                  onClick={() => {
                    setValue(amount);
                    setError(null);
                  }}
                >
                  {t('donate.amount.quick', { amount: formatWon(amount) })}
                </Button>
              ))}
            </Group>
          </div>
          <Group justify="flex-end" gap="xs">
            <Button type="button" variant="default" onClick={onClose}>
              {t('donate.cancel')}
            </Button>
            <Button type="submit">{t('donate.next')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
