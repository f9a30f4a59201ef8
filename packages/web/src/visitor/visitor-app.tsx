// By its subpath: the domain's root would bring every contract into the visitor's first load.
import { ROOM_VISITOR_TEMPLATE } from '@charter/domain/rooms/constants';
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { cssVariablesResolver, theme } from '../app/theme.ts';
import { InvalidLinkPage } from './invalid-link-page.tsx';
import { ReviewPage } from './review/review-page.tsx';
import { SigningPage } from './signing/signing-page.tsx';
import { VerifyPage } from './verify/verify-page.tsx';
import { VisitorBrandProvider } from './visitor-brand.tsx';

// Room pages load on their own: the visitor entry stays within its initial-JS budget (DESIGN §6).
const rooms = () => import('./rooms/room-routes.ts');
const RoomPage = lazy(() => rooms().then((m) => ({ default: m.RoomPage })));
const RoomRedirect = lazy(() => rooms().then((m) => ({ default: m.RoomRedirect })));
const RoomAdminPage = lazy(() => rooms().then((m) => ({ default: m.RoomAdminPage })));
const InvitePage = lazy(() => rooms().then((m) => ({ default: m.InvitePage })));
const VerifyCodePage = lazy(() => rooms().then((m) => ({ default: m.VerifyCodePage })));
// Lazy: the answer fields of the questionnaire stay out of the other visitor pages' first load.
const OutsideFormPage = lazy(() =>
  import('./outside-form/outside-form-page.tsx').then((m) => ({ default: m.OutsideFormPage })),
);
const StandingFormPage = lazy(() =>
  import('./outside-form/standing-form-page.tsx').then((m) => ({ default: m.StandingFormPage })),
);
const SharedCabinetPage = lazy(() =>
  import('./shared-cabinet/shared-cabinet-page.tsx').then((m) => ({ default: m.SharedCabinetPage })),
);

/**
 * The pages visitors open from a link (signing, data rooms, outside forms), a separate entry from the
 * staff app: none of its session, shell or query machinery loads here.
 */
export function VisitorApp() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <VisitorBrandProvider>
        <BrowserRouter>
          <Suspense fallback={null}>
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
              {/* The room visitor's code only: other templates are sign-in steps of the staff app. */}
              <Route path={`/verify-code/${ROOM_VISITOR_TEMPLATE}`} element={<VerifyCodePage />} />
              <Route path="/outside-form/:code" element={<OutsideFormPage />} />
              {/* Where a standing form's link leads: its Start makes the visitor's own copy. */}
              <Route path="/outside-form/:code/start" element={<StandingFormPage />} />
              {/* A room's form opened inside the room (spec 3 §2): the same page, by the form's own code. */}
              <Route path="/data-room/:roomCode/outside-form/:code" element={<OutsideFormPage />} />
              <Route path="/shared-cabinet/:code" element={<SharedCabinetPage />} />
              <Route path="*" element={<InvalidLinkPage />} />
            </Routes>
          </Suspense>
        </BrowserRouter>
      </VisitorBrandProvider>
    </MantineProvider>
  );
}
