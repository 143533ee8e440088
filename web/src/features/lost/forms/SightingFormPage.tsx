import { useState } from 'react';
import { Paper, Radio, Stack, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router';
import { LOST_LIMITS, type SightingKind } from '@pawbridge/shared/lost.schema';
import { notifySuccess } from '@/components/feedback/notify';
import { focusFirstInvalid } from '@/components/form/focus-first-invalid';
import { reloadPagedList } from '@/lib/use-paged-list';
import { t } from '@/messages';
import '@/messages/lost-forms';
import { createSighting, MY_LOST_POSTS_KEY } from '../writes';
import ContactFields from './ContactFields';
import DogFields from './DogFields';
import FormShell from './FormShell';
import PhotosInput from './PhotosInput';
import PlaceTimeFields from './PlaceTimeFields';
import SubmitBar from './SubmitBar';
import { chosen } from './form-kit';
import { emptySighting, SIGHTING_FIELDS, validateSighting, type SightingErrors, type SightingValues } from './sighting-form';
import { showSubmitError } from './submit-errors';
import AttachedReport, { missingParamOf } from './AttachedReport';

const TARGET = { minHeight: 44, alignItems: 'center' } as const;

function SightingForm({ kind, missingId }: { kind: SightingKind; missingId?: number }) {
  const navigate = useNavigate();
  const form = useForm<SightingValues>({
    mode: 'controlled',
    initialValues: emptySighting(kind),
    validate: (v) => validateSighting(v, missingId).errors,
  });
  const { values } = form;
  const errors = form.errors as SightingErrors;
  const set = form.setFieldValue;
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const send = async (v: SightingValues) => {
    const { request } = validateSighting(v, missingId);
    if (!request) return;
    setSubmitting(true);
    setServerError(null);
    try {
      const { id } = await createSighting(request, chosen(v.photos));
      reloadPagedList(MY_LOST_POSTS_KEY);
      notifySuccess(t('lostForm.sighting.done'));
      void navigate(`/lost/${id}`);
    } catch (err) {
      setServerError(showSubmitError(form, err, SIGHTING_FIELDS));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={form.onSubmit((v) => void send(v), focusFirstInvalid)} noValidate>
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md">
          <Radio.Group
            label={t('lostForm.sighting.kind')}
            required
            value={values.kind}
            error={errors.kind}
            onChange={(k) => {
              set('kind', k === 'SEEN' ? 'SEEN' : 'FOUND');
              // Whether a photo is needed changed with the kind: the old verdict no longer holds.
              form.clearFieldError('photos');
            }}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="FOUND" label={t('lostForm.sighting.kind.FOUND')} styles={{ body: TARGET }} />
              <Radio value="SEEN" label={t('lostForm.sighting.kind.SEEN')} styles={{ body: TARGET }} />
            </Stack>
          </Radio.Group>
        </Paper>

        <Paper withBorder p="md" radius="md" component="section">
          <Title order={2} size="h4" mb="sm">
            {t('lostForm.sighting.section.dog')}
          </Title>
          <Stack>
            <PhotosInput
              label={t('lostForm.field.photos')}
              description={t(values.kind === 'FOUND' ? 'lostForm.sighting.photosFoundHint' : 'lostForm.sighting.photosSeenHint')}
              required={values.kind === 'FOUND'}
              max={LOST_LIMITS.photosMax}
              value={values.photos}
              onChange={(p) => set('photos', p)}
              error={errors.photos}
            />
            <DogFields value={values} onChange={(f, v) => set(f, v as never)} errors={errors} />
            <Textarea
              label={t('lostForm.field.description')}
              placeholder={t('lostForm.field.descriptionPlaceholder')}
              required
              rows={5}
              maxLength={LOST_LIMITS.descriptionMax}
              value={values.description}
              error={errors.description}
              onChange={(e) => set('description', e.currentTarget.value)}
            />
          </Stack>
        </Paper>

        <Paper withBorder p="md" radius="md" component="section">
          <Title order={2} size="h4" mb="sm">
            {t('lostForm.sighting.section.place')}
          </Title>
          <PlaceTimeFields value={values} onChange={(f, v) => set(f, v as never)} errors={errors} />
        </Paper>

        <Paper withBorder p="md" radius="md" component="section">
          <Title order={2} size="h4" mb="sm">
            {t('lostForm.missing.section.contact')}
          </Title>
          <ContactFields
            contact={values.contact}
            phone={values.phone}
            onContact={(c) => set('contact', c)}
            onPhone={(p) => set('phone', p)}
            errors={errors}
          />
        </Paper>

        <SubmitBar label={t('lostForm.sighting.submit')} submitting={submitting} error={serverError} />
      </Stack>
    </form>
  );
}

/** /lost/new/sighting (`?kind=SEEN`, `?missingId=N` to attach it to a missing report): a finder's found or seen post. */
export default function SightingFormPage() {
  const [params] = useSearchParams();
  const kind: SightingKind = params.get('kind') === 'SEEN' ? 'SEEN' : 'FOUND';
  // Attached to a report: the form shows which one, and only once the report is known to take sightings.
  const missing = missingParamOf(params.get('missingId'));
  return (
    <FormShell title={t('lostForm.sighting.title')} intro={t('lostForm.sighting.intro')}>
      <AttachedReport param={missing}>{(missingId) => <SightingForm kind={kind} missingId={missingId} />}</AttachedReport>
    </FormShell>
  );
}
