import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconClipboardCheck,
  IconHeartHandshake,
  IconMessages,
  IconSpeakerphone,
  IconUserCircle,
  IconHomeHeart,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './FeatureCards.module.css';
import { t } from '@/messages';
import type { FeatureCard, FeatureIcon } from '../feature-cards';

const ICONS: Record<FeatureIcon, { icon: Icon; color: string }> = {
  adopt: { icon: IconHomeHeart, color: 'orange' },
  community: { icon: IconMessages, color: 'blue' },
  myPage: { icon: IconUserCircle, color: 'grape' },
  report: { icon: IconSpeakerphone, color: 'red' },
  adminReports: { icon: IconClipboardCheck, color: 'teal' },
  adminAdoptions: { icon: IconHeartHandshake, color: 'indigo' },
};

export function FeatureCards({ cards }: { cards: FeatureCard[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: cards.length >= 4 ? 4 : cards.length }} spacing="md">
      {cards.map((c) => {
        const { icon: CardIcon, color } = ICONS[c.icon];
        return (
          <Card key={c.to} component={Link} to={c.to} withBorder radius="lg" padding="lg" className={classes.card}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <ThemeIcon size={44} radius="md" variant="light" color={color}>
                <CardIcon size={24} aria-hidden />
              </ThemeIcon>
              <IconArrowRight size={18} aria-hidden color="var(--mantine-color-dimmed)" />
            </Group>
            <Title order={3} size="h4" mt="md">
              {t(c.title)}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t(c.body)}
            </Text>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
