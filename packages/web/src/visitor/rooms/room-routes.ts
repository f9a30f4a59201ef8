/** The room pages, one lazily loaded chunk for the visitor app's routes (visitor-app.tsx). */
export { InvitePage } from './invite-page.tsx';
export { RoomAdminPage } from './room-admin-page.tsx';
export { RoomPage, RoomRedirect } from './room-page.tsx';
export { VerifyCodePage } from './verify-code-page.tsx';
