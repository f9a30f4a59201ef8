// First: no schema may parse before zod is told not to probe for eval (zod-jitless.ts).
import '../zod-jitless.ts';
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { VisitorApp } from './visitor-app.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <VisitorApp />
  </StrictMode>,
);
