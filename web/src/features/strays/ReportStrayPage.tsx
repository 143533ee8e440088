import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  Center,
  Container,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMapPinExclamation } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isInRegion, isRegion, REGION_GEOMETRY, REGIONS, regionOf, type BreedPrediction, type Region } from '@pawbridge/shared';
import ImageInput from '@/components/form/ImageInput';
import MapPicker from '@/components/map/MapPicker';
import { usePublicConfig } from '@/lib/public-config';
import type { LatLng } from '@/components/map/types';
import { errorMessage, notifyError } from '@/components/feedback/notify';
import { useSession } from '@/lib/session';
import { ApiError } from '@/lib/api-client';
import { t } from '@/messages';
import { useReportStray } from './api';
import BreedPredictionPanel from './components/BreedPredictionPanel';
import ReportDone from './components/ReportDone';
import {
  emptyReport,
  reportFieldOf,
  reportKeyMessage,
  validateReport,
  type ReportErrors,
  type ReportValues,
  type StrayGenderChoice,
} from './report-form';
import { useBreedPrediction } from './use-breed-prediction';
import { focusFirstInvalid } from '@/components/form/focus-first-invalid';
import { showServerErrors } from '@/components/form/server-errors';

function LoginRequired() {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" ta="center">
        <Text fw={600}>{t('report.loginRequired')}</Text>
        <Button component={Link} to="/login">
          {t('report.loginButton')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Today in the browser's zone as yyyy-MM-dd (the latest found date that makes sense). */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function ReportForm({ onDone }: { onDone: () => void }) {
  const { config } = usePublicConfig();
  const { refresh } = useSession();
  const form = useForm<ReportValues>({ mode: 'controlled', initialValues: emptyReport(), validate: (v) => validateReport(v).errors });
  const { values } = form;
  const errors = form.errors as ReportErrors;
  const { trigger, submitting } = useReportStray();
  // The prediction fills the breed only while the user has not typed their own.
  const [breedTouched, setBreedTouched] = useState(false);
  // The pin fills the region only while the user has not chosen one.
  const [regionTouched, setRegionTouched] = useState(false);
  // Where the map looks: the chosen region's centre (the Seoul default before one is chosen).
  const [mapCenter, setMapCenter] = useState<{ lat: number; lng: number } | null>(null);
  const mapSection = useRef<HTMLDivElement>(null);
  const predictionOn = config?.breedPrediction ?? false;

  // Setting a field also clears its message (the form's clearInputErrorOnChange).
  const set = form.setFieldValue;

  const onPredicted = (r: BreedPrediction) => {
    if (!breedTouched) form.setFieldValue('breed', r.predictedBreed ?? '');
  };
  const prediction = useBreedPrediction(values.photo, predictionOn, onPredicted);
  const predictAgain = () => {
    if (!breedTouched) form.setFieldValue('breed', '');
    prediction.retry();
  };

  const pickPosition = (p: LatLng) => {
    set('position', p);
    const guess = regionOf(p);
    if (!regionTouched && guess) set('location', guess);
  };

  const chooseRegion = (value: string) => {
    setRegionTouched(true);
    set('location', value);
    // Move the map to the region unless the pin already lies in it.
    if (isRegion(value) && !(values.position && isInRegion(value, values.position))) setMapCenter({ ...REGION_GEOMETRY[value].centre });
  };

  // Region boxes are generous, so this speaks up only for a pin clearly elsewhere.
  const chosenRegion: Region | null = isRegion(values.location) ? values.location : null;
  const mismatch =
    chosenRegion && values.position && !isInRegion(chosenRegion, values.position)
      ? { chosen: chosenRegion, guess: regionOf(values.position) }
      : null;

  const repickInRegion = (region: Region) => {
    form.setFieldValue('position', null);
    setMapCenter({ ...REGION_GEOMETRY[region].centre });
    mapSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const send = async (v: ReportValues) => {
    const { request } = validateReport(v);
    if (!request || !v.photo) return;
    try {
      await trigger({ request, photo: v.photo });
      // The thank-you panel that replaces the form says it; a toast too would say it twice.
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        notifyError(t('report.loginRequired'));
        void refresh();
      } else {
        if (err instanceof ApiError) showServerErrors(form, err, { fieldOf: reportFieldOf, messageOf: reportKeyMessage });
        // errorMessage keeps REPORT_FAILED's own words: the upstream's refusal only the server knows.
        notifyError(t('report.failed', { message: errorMessage(err) }));
      }
    }
  };

  return (
    <form onSubmit={form.onSubmit((v) => void send(v), focusFirstInvalid)} noValidate>
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md" ref={mapSection}>
          <Title order={2} size="h4" mb="sm">
            {t('report.section.location')}
          </Title>
          <MapPicker
            label={t('report.location')}
            value={values.position}
            onChange={pickPosition}
            center={mapCenter}
            error={errors.position}
            required
          />
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('report.section.photo')}
          </Title>
          <Stack>
            <ImageInput label={t('report.photo')} value={values.photo} onChange={(f) => set('photo', f)} error={errors.photo} required />
            {predictionOn && <BreedPredictionPanel state={prediction.state} onRetry={predictAgain} />}
            <TextInput
              label={t('report.breed')}
              // Without a predictor there is no AI step: one quiet line says the breed is typed by hand.
              description={t(predictionOn ? 'report.breedDescription' : 'report.breedManual')}
              placeholder={t('report.breedPlaceholder')}
              value={values.breed}
              maxLength={50}
              error={errors.breed}
              onChange={(e) => {
                setBreedTouched(true);
                set('breed', e.currentTarget.value);
              }}
            />
          </Stack>
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('report.section.details')}
          </Title>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect
                label={t('report.region')}
                required
                value={values.location}
                error={errors.location}
                onChange={(e) => chooseRegion(e.currentTarget.value)}
                data={[{ value: '', label: t('report.regionPlaceholder') }, ...REGIONS.map((r) => ({ value: r, label: r }))]}
              />
              <NativeSelect
                label={t('report.gender')}
                value={values.gender}
                onChange={(e) => set('gender', e.currentTarget.value as StrayGenderChoice)}
                data={[
                  { value: '', label: t('report.genderPlaceholder') },
                  { value: 'MALE', label: t('stray.gender.MALE') },
                  { value: 'FEMALE', label: t('stray.gender.FEMALE') },
                ]}
              />
              <TextInput
                type="date"
                label={t('report.foundDate')}
                required
                max={today()}
                value={values.foundDate}
                error={errors.foundDate}
                onChange={(e) => set('foundDate', e.currentTarget.value)}
              />
              <TextInput
                type="time"
                label={t('report.foundTime')}
                required
                value={values.foundTime}
                error={errors.foundTime}
                onChange={(e) => set('foundTime', e.currentTarget.value)}
              />
            </SimpleGrid>
            {mismatch && (
              <Alert color="orange" variant="light" icon={<IconMapPinExclamation size={18} aria-hidden />} role="alert" p="sm">
                <Text size="sm" mb="xs">
                  {t('report.regionMismatch', { region: mismatch.chosen })}
                </Text>
                <Group gap="xs">
                  {mismatch.guess && (
                    <Button size="compact-sm" variant="light" color="orange" onClick={() => mismatch.guess && chooseRegion(mismatch.guess)}>
                      {t('report.regionUseGuess', { region: mismatch.guess })}
                    </Button>
                  )}
                  <Button size="compact-sm" variant="subtle" color="orange" onClick={() => repickInRegion(mismatch.chosen)}>
                    {t('report.regionRepick', { region: mismatch.chosen })}
                  </Button>
                </Group>
              </Alert>
            )}
            <Textarea
              label={t('report.description')}
              required
              placeholder={t('report.descriptionPlaceholder')}
              rows={5}
              resize="vertical"
              maxLength={2000}
              value={values.description}
              error={errors.description}
              onChange={(e) => set('description', e.currentTarget.value)}
            />
          </Stack>
        </Paper>

        <Button
          type="submit"
          size="md"
          disabled={submitting}
          leftSection={submitting ? <Loader size="xs" color="gray" aria-hidden /> : undefined}
        >
          {submitting ? t('report.submitting') : t('report.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** Report a stray (/abandoned/register): login required. */
export default function ReportStrayPage() {
  const { user, isLoading } = useSession();
  // A new key gives a fresh, empty form for "report another".
  const [round, setRound] = useState(0);
  const [done, setDone] = useState(false);

  return (
    <Container size="sm" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="xs" mb="lg">
        <Title order={1}>{t('report.title')}</Title>
        <Text c="dimmed">{t('report.intro')}</Text>
      </Stack>
      {isLoading ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : !user ? (
        <LoginRequired />
      ) : done ? (
        <ReportDone
          onAnother={() => {
            setDone(false);
            setRound((n) => n + 1);
          }}
        />
      ) : (
        <ReportForm key={round} onDone={() => setDone(true)} />
      )}
    </Container>
  );
}
