import type { ReactNode } from 'react';
import { Container, type ContainerProps } from '@mantine/core';
import { SECTION_MAX_WIDTH_PX } from '@chi/contract';

/** A content band at most 1440 px wide, centred (SPEC §2). */
export function Section({ children, ...props }: ContainerProps & { children: ReactNode }) {
  return (
    <Container size={SECTION_MAX_WIDTH_PX} px={{ base: 'md', sm: 'xl' }} w="100%" {...props}>
      {children}
    </Container>
  );
}
