/** The client every component uses; the shell sets its unauthorised handler once the router exists. */
import { createApiClient } from './client';

export const api = createApiClient();
