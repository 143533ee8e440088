import { useEffect, useState } from 'react';
import { Box, Button, Center, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { isStrayFallbackName, StrayNameSchema, type Stray } from '@pawbridge/shared';
import { usePublicConfig } from '@/lib/public-config';
import MapView from '@/components/map/MapView';
import { placeWords, usePlaceName } from '@/components/map/use-place-name';
import SafeImage from '@/components/SafeImage';
import { inputActionClass, touchTargetClass, withAction } from '@/components/form/input-action';
import { errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { ApiError } from '@/lib/api-client';
import { t } from '@/messages';
import { registerStray, renameStray } from '../api';
import { canRegister, genderLabel, shortTime } from '../status';
import ReportStatusBadge from './ReportStatusBadge';
import classes from './ReportDetailModal.module.css';

interface Props {
  stray: Stray | null;
  onClose: () => void;
  /** Called after a successful registration so the list reloads. */
  onRegistered: () => Promise<unknown> | void;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The spec's failure wording: why the server refused (from the catalogue by code), else a generic line. */
export function registerFailureMessage(err: unknown): string {
  if (err instanceof ApiError && err.status > 0 && err.status < 500)
    return t('adminReports.registerFailed', { message: errorMessage(err) });
  return t('adminReports.registerError');
}

/** Without a name of its own a dog has the BFF's fallback name (shared/names.ts): the dialog suggests a real one instead. */
export function suggestedName(stray: Stray): string {
  if (!isStrayFallbackName(stray.name)) return stray.name;
  const names = t('adminReports.nameSuggestions').split(',');
  return names[stray.id % names.length] ?? '';
}

export default function ReportDetailModal({ stray, onClose, onRegistered }: Props) {
  const [busy, setBusy] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const { config } = usePublicConfig();
  // Only our api keeps the admin's name for a dog; the legacy copies the report without one.
  const naming = config?.strayNames === true;
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  useEffect(() => {
    setName(stray ? suggestedName(stray) : '');
    setNameError(undefined);
  }, [stray]);

  /** The name as the server will take it, or undefined (and the field says why). */
  const checkedName = (): string | undefined => {
    const parsed = StrayNameSchema.safeParse(name);
    if (parsed.success) return parsed.data;
    setNameError(t(parsed.error.issues[0]?.message === 'strayNameTooLong' ? 'adminReports.nameTooLong' : 'adminReports.nameRequired'));
    return undefined;
  };

  const rename = async () => {
    if (!stray) return;
    const checked = checkedName();
    if (checked === undefined) return;
    setBusy(true);
    try {
      await renameStray(stray.id, checked);
      notifySuccess(t('adminReports.renamed'));
      await onRegistered();
    } catch (err) {
      notifyError(t('adminReports.renameFailed', { message: errorMessage(err) }));
    } finally {
      setBusy(false);
    }
  };

  const register = async () => {
    if (!stray) return;
    const checked = naming ? checkedName() : undefined;
    if (naming && checked === undefined) return;
    setBusy(true);
    try {
      await registerStray(stray.id, checked);
      notifySuccess(t('adminReports.registered'));
      await onRegistered();
    } catch (err) {
      notifyError(registerFailureMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const point = stray?.latitude != null && stray.longitude != null ? { lat: stray.latitude, lng: stray.longitude } : null;
  const address = usePlaceName(point);
  return (
    <Modal
      opened={stray !== null}
      onClose={onClose}
      title={stray ? t('adminReports.modal.title', { id: stray.id }) : ''}
      size="lg"
      fullScreen={phone}
      centered
      classNames={{ content: classes.content }}
    >
      {stray && (
        <Stack gap="md">
          <Group justify="flex-end">
            <ReportStatusBadge stray={stray} />
          </Group>
          <SafeImage
            src={stray.imageUrl}
            alt={t('adminReports.modal.photoAlt', { id: stray.id })}
            mah={260}
            fit="contain"
            radius="md"
            bg="gray.1"
            fallback={
              <Center h={120} bg="gray.1" style={{ borderRadius: 8 }}>
                <Text c="dimmed">{t('adminReports.modal.noPhoto')}</Text>
              </Center>
            }
          />
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Field label={t('adminReports.modal.date')}>{stray.foundDate}</Field>
            <Field label={t('adminReports.modal.time')}>{shortTime(stray.foundTime)}</Field>
            <Field label={t('adminReports.modal.region')}>{stray.location}</Field>
            <Field label={t('adminReports.modal.breed')}>{stray.type || t('adminReports.modal.breedUnknown')}</Field>
            <Field label={t('adminReports.modal.gender')}>{genderLabel(stray.gender)}</Field>
          </SimpleGrid>
          <Field label={t('adminReports.modal.description')}>{stray.description}</Field>
          {naming && (
            <TextInput
              label={t('adminReports.name')}
              description={t('adminReports.nameHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setNameError(undefined);
              }}
              error={nameError}
              maxLength={20}
              disabled={busy}
              inputContainer={withAction(
                canRegister(stray) ? null : (
                  <Button variant="light" onClick={() => void rename()} loading={busy} className={inputActionClass}>
                    {t('adminReports.rename')}
                  </Button>
                ),
              )}
            />
          )}
          <Box>
            <Text size="xs" c="dimmed" fw={600} mb={4}>
              {t('adminReports.modal.map')}
            </Text>
            {point ? (
              <>
                <Text size="sm" mb={6}>
                  {placeWords(point, address)}
                </Text>
                <MapView label={t('adminReports.modal.map')} center={point} marker={point} height={220} />
              </>
            ) : (
              <Text size="sm">{t('adminReports.modal.noLocation')}</Text>
            )}
          </Box>
          {/* Sticky at the bottom of the scrolling modal: on a short screen the body scrolls, the actions stay in reach. */}
          <Group
            justify="flex-end"
            gap="sm"
            pos="sticky"
            bottom={0}
            py="sm"
            bg="var(--mantine-color-body)"
            style={{ zIndex: 2, borderTop: '1px solid var(--mantine-color-gray-2)', marginBottom: 'calc(var(--mantine-spacing-md) * -1)' }}
          >
            <Button variant="default" onClick={onClose} className={touchTargetClass}>
              {t('common.close')}
            </Button>
            {canRegister(stray) ? (
              <Button
                onClick={register}
                loading={busy}
                className={touchTargetClass}
                loaderProps={{ 'aria-label': t('adminReports.registering') }}
              >
                {t('adminReports.register')}
              </Button>
            ) : (
              <Button disabled className={touchTargetClass}>
                {t('adminReports.alreadyRegistered')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
