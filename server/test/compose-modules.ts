import { subscribeModuleEffects } from '../src/modules/subscribers.ts';

// Tests call services directly as well as through the app: they run composed as every composition point is, with
// the outbox, the audit log and the caches subscribed to the modules' domain events (decision 0042).
subscribeModuleEffects();
