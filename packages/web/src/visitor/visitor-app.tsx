import { MantineProvider } from '@mantine/core';
import { BrowserRouter, Route, Routes } from 'react-router';
import { cssVariablesResolver, theme } from '../app/theme.ts';
import { InvalidLinkPage } from './invalid-link-page.tsx';
import { ReviewPage } from './review/review-page.tsx';
import { InvitePage } from './rooms/invite-page.tsx';
import { RoomAdminPage } from './rooms/room-admin-page.tsx';
import { RoomPage, RoomRedirect } from './rooms/room-page.tsx';
import { SigningPage } from './signing/signing-page.tsx';
import { VerifyPage } from './verify/verify-page.tsx';
import { VisitorBrandProvider } from './visitor-brand.tsx';

/**
 * The pages visitors open from a link (signing, data rooms, outside forms), a separate entry from the
 * staff app: none of its session, shell or query machinery loads here.
 */
export function VisitorApp() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <VisitorBrandProvider>
        <BrowserRouter>
          <Routes>
            <Route path="/sign/:token" element={<SigningPage />} />
            <Route path="/review/:token" element={<ReviewPage />} />
            <Route path="/verify" element={<VerifyPage />} />
            <Route path="/data-room/v1/:code/overview" element={<RoomPage />} />
            <Route path="/data-room/:code" element={<RoomRedirect />} />
            <Route path="/data-room/:code/overview" element={<RoomPage />} />
            <Route path="/data-room/:code/settings" element={<RoomAdminPage />} />
            <Route path="/data-room/:code/reports" element={<RoomAdminPage />} />
            <Route path="/data-room/:code/*" element={<RoomRedirect />} />
            <Route path="/invites/room/:code" element={<InvitePage />} />
            {/* Room and outside-form pages join here; until then their links are answered so. */}
            <Route path="*" element={<InvalidLinkPage />} />
          </Routes>
        </BrowserRouter>
      </VisitorBrandProvider>
    </MantineProvider>
  );
}
