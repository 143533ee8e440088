import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Group, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  NEIGHBOURHOOD_DELIVERIES,
  NEIGHBOURHOOD_PLACE_MAX,
  NEIGHBOURHOOD_RADII_KM,
  NeighbourhoodSettingRequestSchema,
  type NeighbourhoodSetting,
  type NeighbourhoodSettingRequest,
} from '@pawbridge/shared/alerts.schema';
import MapPicker from '@/components/map/MapPicker';
import type { LatLng } from '@/components/map/types';
import { usePlaceName } from '@/components/map/use-place-name';
import { ApiError } from '@/lib/api-client';
import { tKey, t } from '@/messages';

type Topic = 'missing' | 'found' | 'strays' | 'shelter';
const TOPICS: Topic[] = ['missing', 'found', 'strays', 'shelter'];

interface Props {
  initial: NeighbourhoodSetting | null;
  onSave: (input: NeighbourhoodSettingRequest) => Promise<void>;
  /** Turns the saved neighbourhood off (shown beside the save button once there is one). */
  onRemove?: () => void;
}

const fieldWords = (codes: Record<string, string>) =>
  Object.fromEntries(Object.entries(codes).map(([f, c]) => [f, tKey(`alerts.validation.${c}`, 'alerts.validation.invalid')]));

/** The neighbourhood form: a point on the project's map picker, its name in words (filled from the pin), a radius, topics, delivery. */
export default function NeighbourhoodForm({ initial, onSave, onRemove }: Props) {
  const [position, setPosition] = useState<LatLng | null>(initial ? { lat: initial.lat, lng: initial.lng } : null);
  const [place, setPlace] = useState(initial?.place ?? '');
  const [radius, setRadius] = useState<string>(String(initial?.radiusKm ?? 3));
  const [topics, setTopics] = useState<string[]>(initial ? TOPICS.filter((k) => initial[k]) : ['missing', 'found']);
  const [delivery, setDelivery] = useState<string>(initial?.delivery ?? 'BELL');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // The name follows the pin only until the member types their own words.
  const named = usePlaceName(position);
  const typed = useRef(Boolean(initial?.place));
  useEffect(() => {
    if (named && !typed.current) setPlace(named.slice(0, NEIGHBOURHOOD_PLACE_MAX));
  }, [named]);

  const submit = async () => {
    const parsed = NeighbourhoodSettingRequestSchema.safeParse({
      lat: position?.lat,
      lng: position?.lng,
      place: place.trim() || null,
      radiusKm: Number(radius),
      missing: topics.includes('missing'),
      found: topics.includes('found'),
      strays: topics.includes('strays'),
      shelter: topics.includes('shelter'),
      delivery,
    });
    if (!parsed.success) {
      const codes: Record<string, string> = {};
      for (const issue of parsed.error.issues) codes[String(issue.path[0])] ??= issue.message;
      setErrors(fieldWords(codes));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSave(parsed.data);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrorCodes).length > 0) setErrors(fieldWords(err.fieldErrorCodes));
      else throw err;
    } finally {
      setSaving(false);
    }
  };

  const positionError = errors.lat ?? errors.lng;
  return (
    <Stack gap="md">
      <MapPicker
        label={t('alerts.map')}
        hint={t('alerts.mapHint')}
        center={initial ? { lat: initial.lat, lng: initial.lng } : null}
        value={position}
        onChange={setPosition}
        error={positionError}
        required
        height={280}
      />
      <TextInput
        label={t('alerts.place')}
        description={t('alerts.placeHint')}
        maxLength={NEIGHBOURHOOD_PLACE_MAX}
        value={place}
        error={errors.place}
        onChange={(e) => {
          typed.current = true;
          setPlace(e.currentTarget.value);
        }}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="alerts-radius-label">
          {t('alerts.radius')}
        </Text>
        <SegmentedControl
          aria-labelledby="alerts-radius-label"
          value={radius}
          onChange={setRadius}
          data={NEIGHBOURHOOD_RADII_KM.map((km) => ({ value: String(km), label: t('alerts.radiusKm', { km }) }))}
          size="md"
          styles={{ label: { minHeight: 36, display: 'flex', alignItems: 'center', justifyContent: 'center' } }}
        />
      </Stack>
      <Checkbox.Group label={t('alerts.topics')} error={errors.missing} value={topics} onChange={setTopics}>
        <Stack gap="xs" mt={6}>
          {TOPICS.map((k) => (
            <Checkbox key={k} value={k} label={t(`alerts.topic.${k}`)} size="md" />
          ))}
        </Stack>
      </Checkbox.Group>
      <Radio.Group label={t('alerts.delivery')} value={delivery} onChange={setDelivery}>
        <Stack gap="xs" mt={6}>
          {NEIGHBOURHOOD_DELIVERIES.map((d) => (
            <Radio key={d} value={d} label={t(`alerts.delivery.${d}`)} size="md" />
          ))}
        </Stack>
      </Radio.Group>
      <Group>
        <Button onClick={() => void submit()} loading={saving} size="md" mih={44}>
          {t('alerts.save')}
        </Button>
        {onRemove && (
          <Button variant="default" color="red" size="md" mih={44} onClick={onRemove}>
            {t('alerts.remove')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
