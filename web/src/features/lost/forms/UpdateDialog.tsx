import { useState } from 'react';
import { Button, Group, Modal, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LOST_LIMITS, LostUpdateRequestSchema, type LostPostDetail } from '@pawbridge/shared/lost.schema';
import { focusFirstInvalid } from '@/components/form/focus-first-invalid';
import { t } from '@/messages';
import '@/messages/lost-forms';
import { updateLostPost } from '../writes';
import PhotosInput from './PhotosInput';
import PlaceTimeFields from './PlaceTimeFields';
import SubmitBar from './SubmitBar';
import { checkWith, chosen, emptyPlace, opt, photosError, placeRequest, type PlaceValues } from './form-kit';
import { showSubmitError } from './submit-errors';

interface UpdateValues extends PlaceValues {
  moved: boolean;
  note: string;
  photos: (File | null)[];
}
const FIELDS = ['position', 'address', 'date', 'time', 'note', 'photos'] as const;
type UpdateErrors = Partial<Record<(typeof FIELDS)[number], string>>;

function validateUpdate(v: UpdateValues, photoRoom: number) {
  const candidate = { ...(v.moved ? placeRequest(v) : {}), note: opt(v.note) };
  const { errors, data } = checkWith(LostUpdateRequestSchema, candidate, FIELDS);
  const e: UpdateErrors = errors;
  const photos = chosen(v.photos).length > photoRoom ? t('lostForm.photosTooMany') : photosError(v.photos);
  if (photos) e.photos = photos;
  if (!v.moved && !opt(v.note) && chosen(v.photos).length === 0) e.note = t('lostOwner.update.empty');
  return { errors: e, request: data !== undefined && Object.keys(e).length === 0 ? data : null };
}

interface Props {
  post: LostPostDetail;
  opened: boolean;
  onClose: () => void;
  onSaved: (post: LostPostDetail) => void;
}

/** The owner's update: a new last-seen place and time, new photos, a note — any of them; each lands on the post's timeline. */
export default function UpdateDialog({ post, opened, onClose, onSaved }: Props) {
  const photoRoom = Math.max(0, LOST_LIMITS.photosMax - post.photoUrls.length);
  const form = useForm<UpdateValues>({
    mode: 'controlled',
    initialValues: { ...emptyPlace(), moved: false, note: '', photos: [] },
    validate: (v) => validateUpdate(v, photoRoom).errors,
  });
  const { values } = form;
  const errors = form.errors as UpdateErrors;
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const send = async (v: UpdateValues) => {
    const { request } = validateUpdate(v, photoRoom);
    if (!request) return;
    setSubmitting(true);
    setServerError(null);
    try {
      const saved = await updateLostPost(post.id, request, chosen(v.photos));
      form.reset();
      onSaved(saved);
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
      title={t('lostOwner.update.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={form.onSubmit((v) => void send(v), focusFirstInvalid)} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('lostOwner.update.intro')}
          </Text>
          <Switch
            label={t('lostOwner.update.moveToggle')}
            checked={values.moved}
            onChange={(e) => form.setFieldValue('moved', e.currentTarget.checked)}
            styles={{ body: { minHeight: 44, alignItems: 'center' } }}
          />
          {values.moved && <PlaceTimeFields value={values} onChange={(f, v) => form.setFieldValue(f, v as never)} errors={errors} />}
          {photoRoom > 0 && (
            <PhotosInput
              label={t('lostForm.field.photos')}
              max={photoRoom}
              value={values.photos}
              onChange={(p) => form.setFieldValue('photos', p)}
              error={errors.photos}
            />
          )}
          <Textarea
            label={t('lostForm.field.note')}
            rows={3}
            maxLength={LOST_LIMITS.noteMax}
            value={values.note}
            error={errors.note}
            onChange={(e) => form.setFieldValue('note', e.currentTarget.value)}
          />
          <SubmitBar label={t('lostOwner.save')} submitting={submitting} error={serverError} />
          <Group justify="flex-end">
            <Button variant="subtle" onClick={onClose}>
              {t('lostOwner.back')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
