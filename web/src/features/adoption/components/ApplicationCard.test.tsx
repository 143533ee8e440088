import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { AdoptionApplication } from '@pawbridge/shared';
import ApplicationCard from './ApplicationCard';

const application: AdoptionApplication = {
  id: 10,
  adoptPetId: 1,
  adoptStatus: 'REQUESTED',
  userName: 'mina',
  appliedAt: '2026-11-21T01:00:00Z',
  approvedAt: null,
  location: '부산광역시',
  type: '진돗개',
  petImageUrl: '/uploads/gone.jpg',
  petName: '보리',
  applicantName: '김민아',
  applicantEmail: 'mina@example.com',
  applicantPhone: '010-1234-5678',
};

describe('ApplicationCard', () => {
  it("shows the no-photo placeholder instead of the browser's broken image when the stray's photo fails to load", () => {
    render(
      <MantineProvider>
        <ApplicationCard application={application} onApprove={() => {}} onReject={() => {}} busy={null} />
      </MantineProvider>,
    );
    const photo = screen.getByRole('img', { name: /보리/ });
    expect(photo.tagName).toBe('IMG');
    fireEvent.error(photo);
    const placeholder = screen.getByRole('img');
    expect(placeholder.tagName).not.toBe('IMG');
    expect(placeholder).toHaveAccessibleName();
  });
});
