import { Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Stray } from '@pawbridge/shared';
import { t } from '@/messages';
import { previewText, shortTime } from '../status';
import ReportStatusBadge from './ReportStatusBadge';

interface Props {
  strays: Stray[];
  onDetails: (id: number) => void;
}

function DetailsButton({ id, onDetails }: { id: number; onDetails: (id: number) => void }) {
  return (
    <Button size="compact-sm" variant="light" onClick={() => onDetails(id)} aria-label={t('adminReports.detailsFor', { id })}>
      {t('adminReports.details')}
    </Button>
  );
}

/** A table on wide screens; on phones the same rows as cards, so nothing hides behind a scroll. */
export default function ReportTable({ strays, onDetails }: Props) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  if (phone) {
    return (
      <Stack gap="sm">
        {strays.map((s) => (
          <Card key={s.id} withBorder padding="sm" radius="md" component="article" aria-label={`ID ${s.id}`}>
            <Group justify="space-between" wrap="nowrap" mb={4}>
              <Text fw={700}>
                #{s.id} · {s.location}
              </Text>
              <ReportStatusBadge stray={s} />
            </Group>
            <Text size="sm" c="dimmed">
              {s.foundDate} {shortTime(s.foundTime)}
            </Text>
            <Text size="sm" my="xs">
              {previewText(s.description)}
            </Text>
            <Group justify="flex-end">
              <DetailsButton id={s.id} onDetails={onDetails} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('adminReports.col.id')}</Table.Th>
            <Table.Th>{t('adminReports.col.foundDate')}</Table.Th>
            <Table.Th>{t('adminReports.col.foundTime')}</Table.Th>
            <Table.Th>{t('adminReports.col.location')}</Table.Th>
            <Table.Th>{t('adminReports.col.description')}</Table.Th>
            <Table.Th>{t('adminReports.col.status')}</Table.Th>
            <Table.Th>{t('adminReports.col.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {strays.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>{s.id}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{s.foundDate}</Table.Td>
              <Table.Td>{shortTime(s.foundTime)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{s.location}</Table.Td>
              <Table.Td>{previewText(s.description)}</Table.Td>
              <Table.Td>
                <ReportStatusBadge stray={s} />
              </Table.Td>
              <Table.Td>
                <DetailsButton id={s.id} onDetails={onDetails} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
