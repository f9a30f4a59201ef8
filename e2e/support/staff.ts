/**
 * The platform staff member every run starts with: the server's own CLI creates them before the server
 * starts (`admin staff EMAIL --create`, playwright.config.ts), as an operator makes the first one.
 */
export const STAFF_EMAIL = 'platform-staff@e2e.example.com';
export const STAFF_PASSWORD = 'staff console password';
