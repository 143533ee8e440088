import { AspectRatio, Box, Button, Card, Center, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import DogNote from '@/components/DogNote';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Pet } from '@pawbridge/shared';
import SafeImage from '@/components/SafeImage';
import { t } from '@/messages';
import { useMyDogs } from '../api';

function DogCard({ dog }: { dog: Pet }) {
  return (
    <Card component={Link} to={`/pet/profile/${encodeURIComponent(dog.id)}`} withBorder radius="md" padding="sm">
      <Card.Section>
        <AspectRatio ratio={4 / 3}>
          <SafeImage
            src={dog.imageUrl}
            // The link is named by the dog's name beside it; the photo adds nothing to say.
            alt=""
            fit="cover"
            fallback={
              <Center bg="gray.1">
                <DogNote>{t('home.dogs.noPhoto')}</DogNote>
              </Center>
            }
          />
        </AspectRatio>
      </Card.Section>
      <Text fw={600} mt="sm" truncate>
        {dog.name}
      </Text>
      <Text size="sm" c="gray.7" truncate>
        {t('home.dogs.summary', { type: dog.type, age: dog.age })}
      </Text>
    </Card>
  );
}

/** A member's own dogs on the home page (spec §2 Home): each card opens its profile; none leads to registration. */
export function MyDogsGrid() {
  const { dogs, error, isLoading, reload } = useMyDogs(true);

  const body = () => {
    if (isLoading) {
      return (
        <Center py="lg">
          <Stack align="center" gap="xs">
            <Loader aria-hidden />
            <Text c="dimmed" role="status">
              {t('home.dogs.loading')}
            </Text>
          </Stack>
        </Center>
      );
    }
    if (error || !dogs) {
      return (
        <Paper withBorder p="lg" radius="md">
          <Stack align="center" ta="center">
            <Text role="alert">{t('home.dogs.failed')}</Text>
            <Button variant="light" onClick={() => void reload()}>
              {t('home.retry')}
            </Button>
          </Stack>
        </Paper>
      );
    }
    if (dogs.length === 0) {
      return (
        <Paper withBorder p="lg" radius="md">
          <Stack align="center" ta="center">
            <Text>{t('home.dogs.empty')}</Text>
            <Button component={Link} to="/pet/register" leftSection={<IconPlus size={16} aria-hidden />}>
              {t('home.dogs.register')}
            </Button>
          </Stack>
        </Paper>
      );
    }
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
        {dogs.map((d) => (
          <DogCard key={d.id} dog={d} />
        ))}
      </SimpleGrid>
    );
  };

  return (
    <Box component="section" aria-labelledby="home-dogs-title">
      <Title order={2} id="home-dogs-title" size="h3" mb="md">
        {t('home.dogs.title')}
      </Title>
      {body()}
    </Box>
  );
}
