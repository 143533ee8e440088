import { Radio, Stack, TextInput } from '@mantine/core';
import { t } from '@/messages';
import '@/messages/lost-forms';

export type ContactMode = 'RELAY' | 'PHONE';

interface Props {
  contact: ContactMode;
  phone: string;
  onContact: (c: ContactMode) => void;
  onPhone: (p: string) => void;
  errors: { contact?: string; phone?: string };
}

/** How a neighbour reaches the author: through the site only (the default, no number shown) or a phone number shown on the post. */
export default function ContactFields({ contact, phone, onContact, onPhone, errors }: Props) {
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('lostForm.field.contact')}
        required
        value={contact}
        error={errors.contact}
        onChange={(v) => onContact(v === 'PHONE' ? 'PHONE' : 'RELAY')}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="RELAY" label={t('lostForm.field.contactRelay')} styles={{ body: { minHeight: 44, alignItems: 'center' } }} />
          <Radio value="PHONE" label={t('lostForm.field.contactPhone')} styles={{ body: { minHeight: 44, alignItems: 'center' } }} />
        </Stack>
      </Radio.Group>
      {contact === 'PHONE' && (
        <TextInput
          type="tel"
          label={t('lostForm.field.phone')}
          placeholder="010-1234-5678"
          required
          autoComplete="tel"
          value={phone}
          error={errors.phone}
          onChange={(e) => onPhone(e.currentTarget.value)}
        />
      )}
    </Stack>
  );
}
