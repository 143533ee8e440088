import { useState } from 'react';
import { Modal, NumberInput, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LOST_LIMITS, LostPostEditRequestSchema, type LostPostDetail } from '@pawbridge/shared/lost.schema';
import { focusFirstInvalid } from '@/components/form/focus-first-invalid';
import { t } from '@/messages';
import '@/messages/lost-forms';
import { editLostPost } from '../writes';
import ContactFields, { type ContactMode } from './ContactFields';
import DogFields, { type DogValues } from './DogFields';
import SubmitBar from './SubmitBar';
import { checkWith } from './form-kit';
import { showSubmitError } from './submit-errors';

interface EditValues extends DogValues {
  name: string;
  features: string;
  onSight: string;
  reward: string;
  description: string;
  contact: ContactMode;
  phone: string;
}
const FIELDS = ['name', 'breed', 'size', 'gender', 'colour', 'features', 'onSight', 'reward', 'description', 'contact', 'phone'] as const;
type EditErrors = Partial<Record<(typeof FIELDS)[number], string>>;

const valuesOf = (p: LostPostDetail): EditValues => ({
  name: p.name ?? '',
  breed: p.breed ?? '',
  size: p.size ?? '',
  gender: p.gender ?? '',
  colour: p.colour ?? '',
  features: p.features ?? '',
  onSight: p.onSight ?? '',
  reward: p.reward === null ? '' : String(p.reward),
  description: p.description ?? '',
  contact: p.contact,
  phone: p.phone ?? '',
});

/** Emptied text is sent as null (the server clears it); a missing report has no description, a sighting no name, onSight or reward. */
function validateEdit(v: EditValues, missing: boolean) {
  const text = (s: string) => (s.trim() === '' ? null : s.trim());
  const candidate = {
    breed: text(v.breed),
    size: v.size || null,
    gender: v.gender || null,
    colour: text(v.colour),
    contact: v.contact,
    phone: v.contact === 'PHONE' ? text(v.phone) : null,
    ...(missing
      ? { name: text(v.name), features: text(v.features), onSight: text(v.onSight), reward: text(v.reward.replace(/,/g, '')) }
      : { description: text(v.description) }),
  };
  const { errors, data } = checkWith(LostPostEditRequestSchema, candidate, FIELDS);
  return { errors: errors as EditErrors, request: data ?? null };
}

interface Props {
  post: LostPostDetail;
  opened: boolean;
  onClose: () => void;
  onSaved: (post: LostPostDetail) => void;
}

/** The edit action: the post's words (`PUT /api/lost/posts/:id`); the place moves with an update instead. */
export default function EditDialog({ post, opened, onClose, onSaved }: Props) {
  const missing = post.kind === 'MISSING';
  const form = useForm<EditValues>({ mode: 'controlled', initialValues: valuesOf(post), validate: (v) => validateEdit(v, missing).errors });
  const { values } = form;
  const errors = form.errors as EditErrors;
  const set = form.setFieldValue;
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const send = async (v: EditValues) => {
    const { request } = validateEdit(v, missing);
    if (!request) return;
    setSubmitting(true);
    setServerError(null);
    try {
      onSaved(await editLostPost(post.id, request));
    } catch (err) {
      setServerError(showSubmitError(form, err, FIELDS));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('lostOwner.edit.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={form.onSubmit((v) => void send(v), focusFirstInvalid)} noValidate>
        <Stack>
          {missing && (
            <TextInput
              label={t('lostForm.field.name')}
              maxLength={LOST_LIMITS.nameMax}
              value={values.name}
              error={errors.name}
              onChange={(e) => set('name', e.currentTarget.value)}
            />
          )}
          <DogFields value={values} onChange={(f, v) => set(f, v as never)} errors={errors} />
          {missing ? (
            <SimpleGrid cols={1}>
              <Textarea
                label={t('lostForm.field.features')}
                rows={3}
                maxLength={LOST_LIMITS.featuresMax}
                value={values.features}
                error={errors.features}
                onChange={(e) => set('features', e.currentTarget.value)}
              />
              <Textarea
                label={t('lostForm.field.onSight')}
                rows={2}
                maxLength={LOST_LIMITS.onSightMax}
                value={values.onSight}
                error={errors.onSight}
                onChange={(e) => set('onSight', e.currentTarget.value)}
              />
              <NumberInput
                label={t('lostForm.field.reward')}
                description={t('lostForm.field.rewardHint')}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator=","
                hideControls
                value={values.reward}
                error={errors.reward}
                onChange={(n) => set('reward', String(n))}
              />
            </SimpleGrid>
          ) : (
            <Textarea
              label={t('lostForm.field.description')}
              rows={4}
              maxLength={LOST_LIMITS.descriptionMax}
              value={values.description}
              error={errors.description}
              onChange={(e) => set('description', e.currentTarget.value)}
            />
          )}
          <ContactFields
            contact={values.contact}
            phone={values.phone}
            onContact={(c) => set('contact', c)}
            onPhone={(p) => set('phone', p)}
            errors={errors}
          />
          <SubmitBar label={t('lostOwner.save')} submitting={submitting} error={serverError} />
        </Stack>
      </form>
    </Modal>
  );
}
