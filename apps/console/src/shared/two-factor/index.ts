/** Two-factor sign-in: the setup (QR code, recovery codes) and turning it off, for the account page and the gate. */
export { TwoFactorSetup } from './two-factor-setup.tsx';
