import { MantineProvider } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { cssVariablesResolver, theme } from '../app/theme.ts';
import { InvalidLinkPage } from './invalid-link-page.tsx';
import { ReviewPage } from './review/review-page.tsx';
import { SigningPage } from './signing/signing-page.tsx';
import { VerifyPage } from './verify/verify-page.tsx';
import { VisitorBrandProvider } from './visitor-brand.tsx';

// Lazy: the answer fields of the questionnaire stay out of the other visitor pages' first load.
const OutsideFormPage = lazy(() =>
  import('./outside-form/outside-form-page.tsx').then((m) => ({ default: m.OutsideFormPage })),
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
          <Routes>
            <Route path="/sign/:token" element={<SigningPage />} />
            <Route path="/review/:token" element={<ReviewPage />} />
            <Route path="/verify" element={<VerifyPage />} />
            <Route
              path="/outside-form/:code"
              element={
                <Suspense fallback={null}>
                  <OutsideFormPage />
                </Suspense>
              }
            />
            {/* Room and outside-form pages join here; until then their links are answered so. */}
            <Route path="*" element={<InvalidLinkPage />} />
          </Routes>
        </BrowserRouter>
      </VisitorBrandProvider>
    </MantineProvider>
  );
}
