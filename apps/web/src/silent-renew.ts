// Page loaded in the hidden iframe of a silent token renew: hands the answer to the app.
import { UserManager } from 'oidc-client-ts';
import { oidcSettings } from './features/auth/oidc-settings.ts';

void new UserManager(oidcSettings()).signinSilentCallback();
