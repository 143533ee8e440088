import { useState } from 'react';
import { Alert, Center, Group, Loader, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { PetSchema, type Pet } from '@pawbridge/shared';
import { LOST_LIMITS } from '@pawbridge/shared/lost.schema';
import SafeImage from '@/components/SafeImage';
import { notifySuccess } from '@/components/feedback/notify';
import { focusFirstInvalid } from '@/components/form/focus-first-invalid';
import { api } from '@/lib/api-client';
import { reloadPagedList } from '@/lib/use-paged-list';
import { useSession } from '@/lib/session';
import { t } from '@/messages';
import '@/messages/lost-forms';
import { createMissing, MY_LOST_POSTS_KEY } from '../writes';
import ContactFields from './ContactFields';
import DogFields from './DogFields';
import FormShell from './FormShell';
import PhotosInput from './PhotosInput';
import PlaceTimeFields from './PlaceTimeFields';
import SubmitBar from './SubmitBar';
import { chosen } from './form-kit';
import { emptyMissing, MISSING_FIELDS, missingFromPet, validateMissing, type MissingErrors, type MissingValues } from './missing-form';
import { showSubmitError } from './submit-errors';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function MissingForm({ pet }: { pet: Pet | null }) {
  const navigate = useNavigate();
  const form = useForm<MissingValues>({
    mode: 'controlled',
    initialValues: pet ? missingFromPet(pet) : emptyMissing(),
    validate: (v) => validateMissing(v, pet).errors,
  });
  const { values } = form;
  const errors = form.errors as MissingErrors;
  const set = form.setFieldValue;
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const carried = pet?.imageUrl ? 1 : 0;

  const send = async (v: MissingValues) => {
    const { request } = validateMissing(v, pet);
    if (!request) return;
    setSubmitting(true);
    setServerError(null);
    try {
      const { id } = await createMissing(request, chosen(v.photos));
      reloadPagedList(MY_LOST_POSTS_KEY);
      notifySuccess(t('lostForm.missing.done'));
      void navigate(`/lost/${id}`);
    } catch (err) {
      setServerError(showSubmitError(form, err, MISSING_FIELDS));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={form.onSubmit((v) => void send(v), focusFirstInvalid)} noValidate>
      <Stack gap="lg">
        {pet && (
          <Alert color="brand" variant="light" role="status">
            {t('lostForm.missing.fromPet', { name: pet.name })}
          </Alert>
        )}
        <Section title={t('lostForm.missing.section.dog')}>
          <Stack>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput
                label={t('lostForm.field.name')}
                required
                maxLength={LOST_LIMITS.nameMax}
                value={values.name}
                error={errors.name}
                onChange={(e) => set('name', e.currentTarget.value)}
              />
              <TextInput
                label={t('lostForm.field.registrationNo')}
                maxLength={LOST_LIMITS.registrationNoMax}
                value={values.registrationNo}
                error={errors.registrationNo}
                onChange={(e) => set('registrationNo', e.currentTarget.value)}
              />
            </SimpleGrid>
            <DogFields value={values} onChange={(f, v) => set(f, v as never)} errors={errors} />
            <TextInput
              label={t('lostForm.field.weight')}
              inputMode="decimal"
              value={values.weight}
              error={errors.weight}
              onChange={(e) => set('weight', e.currentTarget.value)}
            />
            {pet?.imageUrl && (
              <Group gap="sm" wrap="nowrap">
                <SafeImage
                  src={pet.imageUrl}
                  alt={t('lostForm.field.petPhotoAlt', { name: pet.name })}
                  w={96}
                  h={96}
                  radius="md"
                  fit="cover"
                  fallback={null}
                />
                <Text size="sm">{t('lostForm.field.petPhoto', { name: pet.name })}</Text>
              </Group>
            )}
            <PhotosInput
              label={t('lostForm.field.photos')}
              required={!carried}
              max={LOST_LIMITS.photosMax - carried}
              value={values.photos}
              onChange={(p) => set('photos', p)}
              error={errors.photos}
            />
          </Stack>
        </Section>

        <Section title={t('lostForm.missing.section.place')}>
          <PlaceTimeFields value={values} onChange={(f, v) => set(f, v as never)} errors={errors} />
        </Section>

        <Section title={t('lostForm.missing.section.more')}>
          <Stack>
            <Textarea
              label={t('lostForm.field.features')}
              placeholder={t('lostForm.field.featuresPlaceholder')}
              rows={4}
              maxLength={LOST_LIMITS.featuresMax}
              value={values.features}
              error={errors.features}
              onChange={(e) => set('features', e.currentTarget.value)}
            />
            <Textarea
              label={t('lostForm.field.onSight')}
              placeholder={t('lostForm.field.onSightPlaceholder')}
              rows={3}
              maxLength={LOST_LIMITS.onSightMax}
              value={values.onSight}
              error={errors.onSight}
              onChange={(e) => set('onSight', e.currentTarget.value)}
            />
            <NumberInput
              label={t('lostForm.field.reward')}
              description={t('lostForm.field.rewardHint')}
              min={0}
              max={LOST_LIMITS.rewardMax}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              hideControls
              value={values.reward}
              error={errors.reward}
              onChange={(n) => set('reward', String(n))}
            />
          </Stack>
        </Section>

        <Section title={t('lostForm.missing.section.contact')}>
          <ContactFields
            contact={values.contact}
            phone={values.phone}
            onContact={(c) => set('contact', c)}
            onPhone={(p) => set('phone', p)}
            errors={errors}
          />
        </Section>

        <SubmitBar label={t('lostForm.missing.submit')} submitting={submitting} error={serverError} />
      </Stack>
    </form>
  );
}

/** `?petId=N`: the registered dog the report starts from (its data carried over). */
function usePrefillPet(petId: string | null, enabled: boolean) {
  const key = enabled && petId ? `/api/pet/${encodeURIComponent(petId)}` : null;
  return useSWR<Pet>(key, (k: string) => api(k, { schema: PetSchema }), { shouldRetryOnError: false, revalidateOnFocus: false });
}

/** /lost/new/missing (`?petId=` from a registered dog): an owner's missing report. */
export default function MissingFormPage() {
  const [params] = useSearchParams();
  const petId = params.get('petId');
  const { user } = useSession();
  const { data: pet, error, isLoading } = usePrefillPet(petId, Boolean(user));
  return (
    <FormShell title={t('lostForm.missing.title')} intro={t('lostForm.missing.intro')}>
      {petId && isLoading ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : (
        <Stack>
          {petId && error !== undefined && (
            <Alert color="orange" variant="light" role="alert">
              {t('lostForm.missing.petLoadFailed')}
            </Alert>
          )}
          <MissingForm key={pet?.id ?? 'typed'} pet={pet ?? null} />
        </Stack>
      )}
    </FormShell>
  );
}
